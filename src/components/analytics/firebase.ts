/**
 * Fetched only after the page has loaded and the browser is idle (see analytics.ts): Firebase's SDK,
 * started only where it can work (`isSupported()`: IndexedDB, cookies, not an extension page).
 */
import { initializeApp } from 'firebase/app';
import { initializeAnalytics, isSupported, logEvent } from 'firebase/analytics';
import type { AnalyticsConfig } from '../../lib/analytics-settings.ts';

export type SendEvent = (name: string) => void;

/** Starts Firebase Analytics, or resolves to undefined where it cannot run; its own failures the SDK logs. */
export async function connect(config: AnalyticsConfig): Promise<SendEvent | undefined> {
  if (!(await isSupported())) return undefined;
  const analytics = initializeAnalytics(initializeApp(config), {
    // Only what the book's events need: no advertising features, no cross-device signals.
    config: { allow_google_signals: false, allow_ad_personalization_signals: false },
  });
  return (name) => logEvent(analytics, name);
}
