/**
 * Analytics (SPEC §2, §7): off unless the build is given a Firebase web configuration. This module holds
 * what the build and the page share: the events, the configuration's rules, the hosts a content security
 * policy must allow, and the reader's privacy signals. The page's side is src/components/analytics/.
 */

/** The events of the specification: app start-up (once per page load) and a click on one member's biography line. */
export const analyticsEvents = {
  appStart: 'app_start',
  bioLineClick: 'bio_line_click',
} as const;

/** The Firebase web configuration the page hands to the SDK (`initializeApp`). */
export interface AnalyticsConfig {
  apiKey: string;
  appId: string;
  projectId: string;
  measurementId?: string;
}

/** Each field's environment variable (docs/settings.md, 'Analytics'), and whether the SDK cannot work without it. */
const analyticsEnv = {
  apiKey: { name: 'PUBLIC_FIREBASE_API_KEY', required: true },
  appId: { name: 'PUBLIC_FIREBASE_APP_ID', required: true },
  projectId: { name: 'PUBLIC_FIREBASE_PROJECT_ID', required: true },
  measurementId: { name: 'PUBLIC_FIREBASE_MEASUREMENT_ID', required: false },
} as const satisfies Record<keyof AnalyticsConfig, { name: string; required: boolean }>;

/** A configuration the SDK could not work with: the build stops with this message. */
export class AnalyticsConfigError extends Error {
  override name = 'AnalyticsConfigError';
}

const consoleHint = 'Firebase console > Project settings > Your apps > SDK setup and configuration';

/**
 * The build's analytics configuration from its environment: undefined (analytics off) when no variable
 * is set. The specification asks for an app id and api key, or a measurement id; Firebase's SDK itself
 * needs the app id, api key and project id (its installations service), and uses the measurement id
 * only when the fetch of the app's web configuration fails. So a configuration with any of the three
 * missing, or with a malformed measurement id, stops the build and names the variable to set.
 */
export function readAnalyticsConfig(env: Record<string, string | undefined>): AnalyticsConfig | undefined {
  const fields = Object.entries(analyticsEnv) as [keyof AnalyticsConfig, (typeof analyticsEnv)[keyof AnalyticsConfig]][];
  const value = (name: string) => env[name]?.trim() || undefined;
  if (fields.every(([, { name }]) => !value(name))) return undefined;
  const missing = fields.filter(([, { name, required }]) => required && !value(name)).map(([, { name }]) => name);
  if (missing.length > 0) {
    const list = missing.join(missing.length === 2 ? ' and ' : ', ');
    throw new AnalyticsConfigError(
      `Analytics: the Firebase configuration is incomplete: ${list} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        `Set ${missing.length === 1 ? 'it' : 'them'} from your web app's configuration (${consoleHint}), ` +
        `or unset every PUBLIC_FIREBASE_ variable to build without analytics.`,
    );
  }
  const measurementId = value(analyticsEnv.measurementId.name);
  if (measurementId && !/^G-[A-Z0-9]+$/.test(measurementId)) {
    throw new AnalyticsConfigError(
      `Analytics: ${analyticsEnv.measurementId.name} is "${measurementId}", not a measurement id. ` +
        `Write the id that starts with "G-" (${consoleHint}), or remove the variable.`,
    );
  }
  const config: AnalyticsConfig = {
    apiKey: value(analyticsEnv.apiKey.name)!,
    appId: value(analyticsEnv.appId.name)!,
    projectId: value(analyticsEnv.projectId.name)!,
  };
  if (measurementId) config.measurementId = measurementId;
  return config;
}

/**
 * What a content security policy must allow when analytics is on, and nothing when it is off: the SDK's
 * installations and configuration calls, the tag-manager script, and where it sends events (Google's
 * published policy for Google Analytics 4).
 */
export function analyticsHosts(config: AnalyticsConfig | undefined): { script: string[]; connect: string[]; img: string[] } {
  if (!config) return { script: [], connect: [], img: [] };
  return {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://firebase.googleapis.com',
      'https://firebaseinstallations.googleapis.com',
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  };
}

/** The browser's privacy signals, as the page reads them. */
export interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** Whether the reader asked not to be tracked (Do Not Track, or Global Privacy Control): then nothing loads or is sent. */
export function readerOptsOut(...signals: (PrivacySignals | undefined)[]): boolean {
  return signals.some((signal) => signal?.globalPrivacyControl === true || signal?.doNotTrack === '1' || signal?.doNotTrack === 'yes');
}

/** The build's configuration, from the PUBLIC_FIREBASE_* variables Vite hands the pages (import.meta.env); undefined when analytics is off. */
export const analyticsConfig = (): AnalyticsConfig | undefined => readAnalyticsConfig(import.meta.env);
