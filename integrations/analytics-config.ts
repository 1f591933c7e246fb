import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger, HookParameters } from 'astro';
import { loadEnv } from 'vite';
import { readAnalyticsConfig } from '../src/lib/analytics-settings.ts';

/**
 * Analytics is on only when the build is given a Firebase web configuration (PUBLIC_FIREBASE_* variables, from
 * the environment or a .env file; the pages read them from import.meta.env). An incomplete one stops the build
 * before any page is built. Whether analytics is on.
 */
export function checkAnalyticsConfig(command: HookParameters<'astro:config:setup'>['command'], root: URL, logger: AstroIntegrationLogger): boolean {
  const mode = command === 'dev' ? 'development' : 'production';
  const config = readAnalyticsConfig(loadEnv(mode, fileURLToPath(root), 'PUBLIC_FIREBASE_'));
  logger.info(config ? `on, for Firebase project ${config.projectId}` : 'off: no Firebase configuration (see docs/settings.md)');
  return config !== undefined;
}
