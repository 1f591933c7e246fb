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
}

export const RemoveScroll = forwardRef<HTMLElement, RemoveScrollProps & Record<string, unknown>>(function RemoveScroll(props, ref) {
  const { as: As = 'div', enabled = true, children, ...rest } = props as RemoveScrollProps;
  // react-remove-scroll's own options mean nothing here and must not reach the DOM.
  const { allowPinchZoom, shards, removeScrollBar, noIsolation, inert, forwardProps, ...passed } = rest as Record<string, unknown>;
  useScrollLock(enabled);
  return (
    <As ref={ref} {...passed}>
      {children}
    </As>
  );
});
