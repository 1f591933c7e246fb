import { describe, expect, it } from 'vitest';
import { AnalyticsConfigError, analyticsHosts, readAnalyticsConfig, readerOptsOut } from '../../src/lib/analytics-settings.ts';

const complete = {
  PUBLIC_FIREBASE_API_KEY: 'key',
  PUBLIC_FIREBASE_APP_ID: '1:1234567890:web:abc',
  PUBLIC_FIREBASE_PROJECT_ID: 'book',
  PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-ABC123',
};

describe('readAnalyticsConfig()', () => {
  it('is off when no variable is set, or only blank ones', () => {
    expect(readAnalyticsConfig({})).toBeUndefined();
    expect(readAnalyticsConfig({ PUBLIC_FIREBASE_API_KEY: ' ', HOME: '/root' })).toBeUndefined();
  });

  it('gives the SDK its configuration, with or without a measurement id', () => {
    expect(readAnalyticsConfig(complete)).toEqual({ apiKey: 'key', appId: '1:1234567890:web:abc', projectId: 'book', measurementId: 'G-ABC123' });
    expect(readAnalyticsConfig({ ...complete, PUBLIC_FIREBASE_MEASUREMENT_ID: undefined })).toEqual({
      apiKey: 'key',
      appId: '1:1234567890:web:abc',
      projectId: 'book',
    });
  });

  it.each([
    [
      { PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-ABC123' },
      'PUBLIC_FIREBASE_API_KEY, PUBLIC_FIREBASE_APP_ID, PUBLIC_FIREBASE_PROJECT_ID are missing. Set them',
    ],
    [{ ...complete, PUBLIC_FIREBASE_API_KEY: '' }, 'incomplete: PUBLIC_FIREBASE_API_KEY is missing. Set it'],
    [{ PUBLIC_FIREBASE_API_KEY: 'key', PUBLIC_FIREBASE_APP_ID: '1:1:web:1' }, 'PUBLIC_FIREBASE_PROJECT_ID is missing'],
    [
      { ...complete, PUBLIC_FIREBASE_MEASUREMENT_ID: 'UA-12345-1' },
      'PUBLIC_FIREBASE_MEASUREMENT_ID is "UA-12345-1", not a measurement id. Write the id that starts with "G-"',
    ],
  ])('stops the build on %o, naming the variable', (env, message) => {
    expect(() => readAnalyticsConfig(env)).toThrow(AnalyticsConfigError);
    expect(() => readAnalyticsConfig(env)).toThrow(message);
  });
});

describe('analyticsHosts()', () => {
  it('allows no host when analytics is off, and the SDK, tag-manager and collection hosts when on', () => {
    expect(analyticsHosts(undefined)).toEqual({ script: [], connect: [], img: [] });
    const on = analyticsHosts(readAnalyticsConfig(complete));
    expect(on.script).toEqual(['https://www.googletagmanager.com']);
    expect(on.connect).toEqual(
      expect.arrayContaining(['https://firebase.googleapis.com', 'https://firebaseinstallations.googleapis.com', 'https://*.google-analytics.com']),
    );
  });
});

describe('readerOptsOut()', () => {
  it.each([
    [[{ doNotTrack: '1' }], true],
    [[{ doNotTrack: 'yes' }], true],
    [[{ globalPrivacyControl: true }], true],
    [[{ doNotTrack: null }, { doNotTrack: '1' }], true],
    [[{ doNotTrack: '0', globalPrivacyControl: false }], false],
    [[{ doNotTrack: 'unspecified' }, undefined], false],
  ])('for the signals %o is %s', (signals, expected) => expect(readerOptsOut(...signals)).toBe(expected));
});
