import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'sonner';
import NoticeToaster from './NoticeToaster.tsx';
import './CopyEmailButton.css';

interface Props {
  email: string;
  /** Read before the address by screen readers: the button's purpose. */
  copyLabel: string;
  /** The notice after a successful copy. */
  copiedNotice: string;
  /** Shown when the browser cannot or will not copy, before the selectable address. */
  refusedNotice: string;
  /** The name of the page's notice area. */
  noticesLabel: string;
}

/** How long the copy notice stays (SPEC §4: auto-hides after 6000 ms). */
const noticeDuration = 6000;

/** Whether a button on the page has put up the notice area: the first one awake does, for all. */
let noticeAreaShown = false;

/**
 * Copies a member's address. The button is in the page from the start, so a press made while the island wakes is
 * carried out once it is awake (client:interaction); without JavaScript the address is a mailto link instead
 * (CopyEmailButton.css). Where the clipboard is missing or refused, the reader is told and the address is selectable.
 */
export default function CopyEmailButton({ email, copyLabel, copiedNotice, refusedNotice, noticesLabel }: Props) {
  const [refused, setRefused] = useState(false);
  const [showsNoticeArea, setShowsNoticeArea] = useState(false);
  useEffect(() => {
    if (noticeAreaShown) return;
    noticeAreaShown = true;
    setShowsNoticeArea(true);
  }, []);

  const copy = async () => {
    try {
      // Insecure origins have no navigator.clipboard; a refused permission rejects.
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(email);
      setRefused(false);
      toast(copiedNotice, { duration: noticeDuration });
    } catch {
      setRefused(true);
    }
  };

  return (
    <>
      <button type="button" className="copy-email copy-email--button" data-island-action="" onClick={copy}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path d="M8 8h11v13H8zM5 16H4V3h11v1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">{copyLabel} </span>
        <Address email={email} />
      </button>
      <a className="copy-email copy-email--link" href={`mailto:${email}`}>
        <Address email={email} />
      </a>
      <p className="copy-email__refused" role="status">
        {refused && (
          <>
            {refusedNotice} <span className="copy-email__address">{email}</span>
          </>
        )}
      </p>
      {showsNoticeArea && createPortal(<NoticeToaster label={noticesLabel} />, document.body)}
    </>
  );
}

/** An address that may wrap after its @ (a word break opportunity), never inside a name or a domain. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@') + 1;
  return (
    <span className="copy-email__text">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
