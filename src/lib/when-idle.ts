/**
 * Runs `task` once the page has loaded and the browser is idle, or one second after the load at the latest:
 * a page that keeps the browser busy (or a browser that reports no idle time) still gets it done.
 */
export function afterLoadWhenIdle(task: () => void): void {
  const whenIdle = () => ('requestIdleCallback' in self ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
