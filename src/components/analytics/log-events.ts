/**
 * The page's analytics, on only when the build has a Firebase configuration (see Analytics.astro).
 * Tiny and inline: it records events at once and, after the page has loaded and the browser is idle,
 * fetches firebase.ts (the SDK) and hands them over. A reader who sends Do Not Track or Global Privacy
 * Control gets nothing loaded and nothing sent. Any failure (a blocker, no network, a host's error) is
 * logged to the console only: the page works the same.
 */
import { afterLoadWhenIdle } from '../../lib/when-idle.ts';
import { type AnalyticsConfig, analyticsEvents, readerOptsOut } from '../../lib/analytics-settings.ts';
import firebaseScript from 'virtual:book/analytics';
import type { SendEvent } from './firebase.ts';

export interface AnalyticsSettings {
  config: AnalyticsConfig;
}

let pending: string[] | undefined = [];
let send: SendEvent | undefined;

/** Logs one event: sent once the SDK has started, dropped if it cannot start or the reader opted out. */
function logEvent(name: string): void {
  if (send) send(name);
  else pending?.push(name);
}

function stop(reason: string, error?: unknown): void {
  pending = undefined;
  console.info(`Analytics is off on this page: ${reason}`, ...(error === undefined ? [] : [error]));
}

/** Starts analytics for this page load: the start-up event, the marked clicks, and the SDK once the browser is idle. */
export function startAnalytics({ config }: AnalyticsSettings): void {
  if (readerOptsOut(navigator as Navigator & { globalPrivacyControl?: boolean }, window as Window & { doNotTrack?: string })) {
    return stop('the browser asks not to be tracked (Do Not Track or Global Privacy Control).');
  }
  logEvent(analyticsEvents.appStart);
  // Elements marked data-analytics-event (one member's biography lines) log their event when clicked.
  addEventListener('click', (event) => {
    const marked = (event.target as Element).closest<HTMLElement>('[data-analytics-event]');
    if (marked) logEvent(marked.dataset['analyticsEvent']!);
  });
  const connect = () =>
    import(/* @vite-ignore */ firebaseScript)
      .then((module: typeof import('./firebase.ts')) => module.connect(config))
      .then(
        (sender) => {
          if (!sender) return stop('this browser cannot keep its data (IndexedDB or cookies unavailable, or an extension page).');
          send = sender;
          pending?.splice(0).forEach(sender);
        },
        (error: unknown) => stop('its script could not be loaded or started.', error),
      );
  afterLoadWhenIdle(() => void connect());
}
