import * as Dialog from '@radix-ui/react-dialog';
import { type MouseEvent, type ReactNode, useRef } from 'react';
import { afterDialogHistory, useOpenActivity } from './activity-state.ts';
import './ActivityDialog.css';

interface Props {
  number: number;
  /** Its place in the page, activity-N. */
  id: string;
  /** 'Activity N'. */
  label: string;
  title: string;
  closeLabel: string;
  children?: ReactNode;
}

/**
 * A large 'Activity N' button opening a modal dialog with the activity. The activity's text is also
 * in the page itself (shown when scripting is off, and in print), so no reader loses it.
 */
export default function ActivityDialog({ number, id, label, title, closeLabel, children }: Props) {
  const [openActivity, setOpenActivity] = useOpenActivity();
  const heading = `${label}: ${title}`;
  // A link to a place on this page (a citation's entry in the reference list) leads behind the dialog: the dialog
  // closes first, then the page goes there, with focus, instead of back to the activity's button.
  const followed = useRef<string | undefined>(undefined);
  const followLinkOnPage = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
    if (!link) return;
    event.preventDefault();
    followed.current = link.hash;
    setOpenActivity(0);
  };
  const goToFollowedLink = (event: Event) => {
    const hash = followed.current;
    followed.current = undefined;
    const target = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    // After Back has taken the dialog's own history entry away, or it would take the new address away instead.
    afterDialogHistory(() => {
      location.hash = hash;
      if (!target.matches('a, button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
    });
  };

  return (
    <div className="activity">
      <Dialog.Root open={openActivity === number} onOpenChange={(open) => setOpenActivity(open ? number : 0)}>
        {/* The heading below carries the same words for search. */}
        <Dialog.Trigger className="activity__button" data-island-action="" data-pagefind-ignore="">
          <span className="activity__label">{label}</span>
          <span className="activity__title">{title}</span>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="activity__backdrop" />
          {/* The activity is read as a whole; a separate description would repeat it. */}
          <Dialog.Content className="activity__dialog" aria-describedby={undefined} onClick={followLinkOnPage} onCloseAutoFocus={goToFollowedLink}>
            <div className="activity__bar">
              <Dialog.Title className="activity__heading">{heading}</Dialog.Title>
              <Dialog.Close className="activity__close">{closeLabel}</Dialog.Close>
            </div>
            <div className="activity__body book-narrow">{children}</div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <section className="activity__text" aria-label={heading}>
        {/* A link (or search result) to #activity-N opens the dialog: see src/components/open-at-fragment.ts. */}
        <h3 className="activity__heading" id={id}>
          {heading}
        </h3>
        {children}
      </section>
    </div>
  );
}
