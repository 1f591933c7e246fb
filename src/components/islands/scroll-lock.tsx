import { type ElementType, forwardRef, type ReactNode, useEffect } from 'react';

/**
 * Stands in for react-remove-scroll, which Radix Dialog uses to stop the page scrolling behind a
 * modal (aliased in astro.config.mjs). That package injects a <style> element at run time, which a
 * strict Content-Security-Policy refuses, and weighs about 3 KB gzip; here a class on <html> does
 * the same job (see `.book-scroll-locked` in global.css), counted so nested dialogs unlock in order.
 */
let locks = 0;

function useScrollLock(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    locks += 1;
    document.documentElement.classList.add('book-scroll-locked');
    return () => {
      locks -= 1;
      if (locks === 0) document.documentElement.classList.remove('book-scroll-locked');
    };
  }, [enabled]);
}

interface RemoveScrollProps {
  as?: ElementType;
  enabled?: boolean;
  children?: ReactNode;
  // react-remove-scroll's options that this stand-in does not need.
  allowPinchZoom?: boolean;
  shards?: unknown;
  removeScrollBar?: boolean;
  noIsolation?: boolean;
  inert?: boolean;
  forwardProps?: boolean;
  [prop: string]: unknown;
}

export const RemoveScroll = forwardRef<HTMLElement, RemoveScrollProps>(function RemoveScroll(
  { as: As = 'div', enabled = true, children, allowPinchZoom, shards, removeScrollBar, noIsolation, inert, forwardProps, ...rest },
  ref,
) {
  useScrollLock(enabled);
  return (
    <As ref={ref} {...rest}>
      {children}
    </As>
  );
});
