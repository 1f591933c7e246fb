/**
 * The settings a `.env` file at the project root holds (docs/settings.md) become environment variables for the
 * whole build, config included; a variable set in the environment wins. Imported first by astro.config.mjs.
 */
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
