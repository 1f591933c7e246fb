import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadEnv } from 'vite';
import { analyticsChunk, analyticsConfig, readAnalyticsConfig, setAnalyticsConfig } from '../lib/analytics.ts';
import { lazyChunk } from './lazy-chunk.ts';

// The code that loads Firebase's SDK: a file of its own, fetched after the page has loaded and the browser is idle.
const entry = fileURLToPath(new URL('../components/analytics/firebase.ts', import.meta.url));

/**
 * Analytics, on only when the build is given a Firebase web configuration (PUBLIC_FIREBASE_* variables,
 * from the environment or a .env file). An incomplete one stops the build before any page is built;
 * with none, no page carries analytics code.
 */
export default function analytics(): AstroIntegration {
  return {
    name: 'book:analytics',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig, logger }) => {
        const mode = command === 'dev' ? 'development' : 'production';
        setAnalyticsConfig(readAnalyticsConfig(loadEnv(mode, fileURLToPath(config.root), 'PUBLIC_FIREBASE_')));
        const on = analyticsConfig();
        if (on) updateConfig({ vite: { plugins: [lazyChunk(analyticsChunk, entry, command)] } });
        logger.info(on ? `on, for Firebase project ${on.projectId}` : 'off: no Firebase configuration (see the README)');
      },
    },
  };
}
