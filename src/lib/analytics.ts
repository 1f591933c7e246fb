/**
 * The analytics events of the specification (SPEC §2): app start-up, and a click on one member's
 * biography line. Pages mark what to log with `data-analytics-event`, which costs nothing; the
 * analytics module that listens for it is loaded only when analytics is configured.
 */
export const analyticsEvents = {
  appStart: 'app_start',
  bioLineClick: 'bio_line_click',
} as const;

export type AnalyticsEvent = (typeof analyticsEvents)[keyof typeof analyticsEvents];

/** Logs one event. Analytics is off in this build, so nothing is sent. */
export function logEvent(name: AnalyticsEvent, params: Record<string, string> = {}): void {
  void name;
  void params;
}
