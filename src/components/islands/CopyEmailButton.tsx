import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import './CopyEmailButton.css';

interface Props {
  email: string;
  /** Read before the address by screen readers: the button's purpose. */
  copyLabel: string;
  /** The notice after a successful copy. */
  copiedNotice: string;
  /** Shown when the browser cannot or will not copy, before the selectable address. */
  refusedNotice: string;
}

/** How long the copy notice stays (SPEC §4: auto-hides after 6000 ms). */
export const noticeDuration = 6000;

/**
 * Copies a member's address. Without JavaScript (and until it hydrates) it is a mailto link;
 * where the clipboard is missing or refused, the reader is told and the address is selectable.
 */
export default function CopyEmailButton({ email, copyLabel, copiedNotice, refusedNotice }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [refused, setRefused] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (!hydrated) {
    return (
      <a className="copy-email" href={`mailto:${email}`}>
        <Address email={email} />
      </a>
    );
  }

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
      <button type="button" className="copy-email" onClick={copy}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path d="M8 8h11v13H8zM5 16H4V3h11v1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">{copyLabel} </span>
        <Address email={email} />
      </button>
      <p className="copy-email__refused" role="status">
        {refused && (
          <>
            {refusedNotice} <span className="copy-email__address">{email}</span>
          </>
        )}
      </p>
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
