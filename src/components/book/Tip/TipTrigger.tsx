import * as Tooltip from '@radix-ui/react-tooltip';
import { type MouseEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import './TipTrigger.css';

interface Props {
  /** The kind of tip ('Suggested reading'), shown before its text. */
  label: string;
  /** Accessible name of the tips button. */
  triggerLabel: string;
  children?: ReactNode;
}

/**
 * A tips button with a tooltip: hover and focus open it (Radix), and so does a tap, which Radix
 * leaves out by design. The same text is also in the page as a note: read by screen readers in
 * reading order, and shown when scripting is off and in print.
 */
export default function TipTrigger({ label, triggerLabel, children }: Props) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const openAtPress = useRef<boolean | null>(null);

  // The mouse or keyboard focus that woke this island is already on the button: show the tip now.
  // (A touch screen's tap is replayed as a click instead; its sticky :hover must not count.)
  useEffect(() => {
    const hovered = matchMedia('(hover: hover)').matches && trigger.current?.matches(':hover');
    if (hovered || trigger.current?.matches(':focus-visible')) setOpen(true);
  }, []);

  // Touch and pen: remember the state before the tap, and keep Radix from closing on pointerdown.
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType === 'mouse') return;
    openAtPress.current = open;
    event.preventDefault();
  };

  // A tap or a key toggles the tip; a press made before hydration (replayed, so untrusted) opens it; a mouse click
  // keeps Radix's behaviour (close) where a mouse hovers, and toggles where nothing does, as a tap would.
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if ((event.nativeEvent as globalThis.PointerEvent).pointerType === 'mouse' && matchMedia('(hover: hover)').matches) return;
    event.preventDefault();
    const wasOpen = event.isTrusted ? (openAtPress.current ?? open) : false;
    openAtPress.current = null;
    setOpen(!wasOpen);
  };

  const text = (
    <>
      <strong>{label}:</strong> {children}
    </>
  );

  return (
    <span className="tip">
      <Tooltip.Provider delayDuration={150}>
        <Tooltip.Root open={open} onOpenChange={setOpen}>
          <Tooltip.Trigger asChild>
            <button
              ref={trigger}
              type="button"
              className="tip__trigger"
              aria-label={triggerLabel}
              data-island-action=""
              onPointerDown={onPointerDown}
              onClick={onClick}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path
                  d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3Z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content className="tip__bubble" side="top" sideOffset={6} collisionPadding={12}>
              {text}
              <Tooltip.Arrow className="tip__arrow" width={14} height={7} />
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </Tooltip.Provider>
      <span className="tip__note sr-only">{text}</span>
    </span>
  );
}
