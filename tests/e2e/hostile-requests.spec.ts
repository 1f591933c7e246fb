/**
 * Thousands of hostile requests, drawn from a seed (tests/support/hostile-requests.ts), to npm start's server and to the
 * nginx example: every answer is a valid HTTP response below 500 with the security headers and no header of the
 * request's choosing, and the server still serves the book afterwards. FUZZ_SEED=<seed> replays a run (the seed is
 * printed), FUZZ_RUNS=<count> makes it longer.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { brokenAnswerProblem, brokenRequest, builtAddresses, fuzz, type Quirks, sendRaw } from '../support/hostile-requests.ts';
import { nginxPath, startNginx } from '../support/nginx.ts';
import { serveBuild } from '../support/serve-build.ts';
import { expect, test } from '../support/test.ts';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FUZZ_RUNS ?? 3000);
const brokenRuns = Math.ceil(runs / 10);
const port = Number(process.env.TEST_PORT ?? 4322) + 120;
const dist = join(import.meta.dirname, '../../dist');
const addresses = builtAddresses(dist);

test.skip(({ isMobile }) => isMobile, 'a server does not depend on the screen: run once');
test.describe.configure({ timeout: 180_000 });

/** What is wrong with the answers to broken requests (tests/support/hostile-requests.ts, brokenAnswerProblem). */
async function brokenAnswers(origin: string, quirks: Quirks = {}): Promise<string[]> {
  const wrong: string[] = [];
  for (const [i, request] of fc.sample(brokenRequest, { seed, numRuns: brokenRuns }).entries()) {
    const problem = brokenAnswerProblem(request, await sendRaw(origin, request), quirks);
    if (problem) wrong.push(`#${i} ${problem}`);
  }
  return wrong.slice(0, 10);
}

test("npm start's server answers every hostile request below 500, logs no error, and goes on serving", async ({}, testInfo) => {
  testInfo.annotations.push({ type: 'FUZZ_SEED', description: String(seed) });
  console.log(`npm start's server: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
  let log = '';
  const server = await serveBuild(dist, port, '/', (text) => (log += text));
  try {
    const origin = `http://127.0.0.1:${port}`;
    expect(await fuzz(origin, seed, runs, addresses), `FUZZ_SEED=${seed}`).toEqual([]);
    expect(await brokenAnswers(origin), `FUZZ_SEED=${seed}`).toEqual([]);
    expect(server.exitCode, log).toBeNull();
    expect((await fetch(`${origin}/index/Chapter1`)).status).toBe(200);
    expect(log, 'what the server logged').toBe('');
  } finally {
    server.kill();
  }
});

test('the nginx example answers every hostile request below 500, with the security headers and no header of its choosing', async ({}, testInfo) => {
  test.skip(!nginxPath && !process.env.CI, 'nginx is not installed (apt-get install nginx-light)');
  testInfo.annotations.push({ type: 'FUZZ_SEED', description: String(seed) });
  console.log(`The nginx example: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
  const nginx = await startNginx('nginx-hostile', port + 1, dist);
  const quirks: Quirks = { headersTwiceOn416: true, versionNotSupported: true, http09: true };
  try {
    expect(await fuzz(nginx.origin, seed, runs, addresses, quirks), `FUZZ_SEED=${seed}`).toEqual([]);
    expect(await brokenAnswers(nginx.origin, quirks), `FUZZ_SEED=${seed}`).toEqual([]);
    expect(nginx.stopped()).toBeUndefined();
    expect((await fetch(`${nginx.origin}/index/Chapter1`)).status).toBe(200);
  } finally {
    nginx.stop();
  }
});
