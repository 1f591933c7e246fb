/**
 * Thousands of hostile requests, drawn from a seed (tests/support/hostile-requests.ts), to npm start's server (as it
 * is, under a base path, and compressing on the fly) and to both servers of the nginx example: every answer is a valid
 * HTTP response below 500 with the security headers and no header of the request's choosing, ranges select the bytes
 * RFC 9110 names, and the server still serves the book afterwards. FUZZ_SEED=<seed> replays a run (the seed is printed),
 * FUZZ_RUNS=<count> makes it longer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { join, sep } from 'node:path';
import fc from 'fast-check';
import {
  brokenAnswerProblem,
  brokenRequest,
  builtAddresses,
  fuzz,
  pipelinedProblem,
  type Quirks,
  rangeCase,
  rangeProblem,
  sendHostile,
  sendRaw,
  sendRawUntilClosed,
  type Served,
} from '../support/hostile-requests.ts';
import { nginx as nginxTool, startNginx } from '../support/nginx.ts';
import { serveBuild } from '../support/serve-build.ts';
import { expect, test } from '../support/test.ts';
import { missingHere } from '../support/system-tools.ts';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FUZZ_RUNS ?? 3000);
const port = Number(process.env.TEST_PORT ?? 4322) + 120;
const dist = join(import.meta.dirname, '../../dist');
const nginxQuirks: Quirks = { headersTwiceOn416: true, versionNotSupported: true, unknownCoding: true, http09: true };
// Files of two kinds whose ranges are asked for: a video (Safari asks for it in parts) and a small drawing.
const rangedFiles = ['/media/home-city.mp4', '/favicon.svg'];

test.describe.configure({ timeout: 180_000 });

/** Everything the fuzzer finds wrong with a server at `origin`, `count` requests of each kind, from this run's seed. */
async function problemsOf(origin: string, served: Served, count: number): Promise<string[]> {
  const broken = fc.sample(brokenRequest, { seed, numRuns: Math.ceil(count / 10) });
  const brokenProblems: string[] = [];
  for (const [i, request] of broken.entries()) {
    const problem = brokenAnswerProblem(request, await sendRaw(origin, request), served.quirks);
    if (problem) brokenProblems.push(`raw #${i} ${problem}`);
  }
  return [...(await fuzz(origin, seed, count, served)), ...brokenProblems.slice(0, 10)];
}

/**
 * Broken requests sent behind a GET for the largest file the build made, on one connection: that answer must arrive
 * whole, with nothing of the broken request's written into it.
 */
async function pipelinedProblems(origin: string, base: string, count: number, quirks: Quirks = {}): Promise<string[]> {
  const [largest] = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dist, file)).isFile() && !file.endsWith('.br'))
    .sort((a, b) => statSync(join(dist, b)).size - statSync(join(dist, a)).size);
  const file = readFileSync(join(dist, largest!));
  const get = `GET ${base}${largest!.split(sep).join('/')} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n`;
  const problems: string[] = [];
  for (const [i, broken] of fc.sample(brokenRequest, { seed, numRuns: count }).entries()) {
    const problem = pipelinedProblem(await sendRawUntilClosed(origin, get + broken), file, quirks);
    if (problem) problems.push(`pipelined #${i} after ${largest}: ${problem}`);
  }
  return problems.slice(0, 10);
}

/** Ranges of each ranged file, checked byte for byte against the file. */
async function rangeProblems(origin: string, count: number): Promise<string[]> {
  const agent = new Agent({ keepAlive: true });
  const problems: string[] = [];
  for (const path of rangedFiles) {
    const file = readFileSync(join(dist, path));
    for (const range of fc.sample(rangeCase(file.length), { seed, numRuns: count })) {
      const headers = { Range: range.header, 'Accept-Encoding': 'identity' };
      const problem = rangeProblem(range, await sendHostile(origin, { method: 'GET', target: path, headers, noHost: false }, agent), file);
      if (problem) problems.push(`${path} ${problem}`);
    }
  }
  agent.destroy();
  return problems.slice(0, 10);
}

for (const [name, base, options, offset] of [
  ['as it is', '/', [], 0],
  ['under a base path', '/book/', [], 2],
  ['compressing on the fly', '/', ['--on-the-fly'], 4],
] as const) {
  test(`npm start's server ${name} answers every hostile request below 500, logs no error, and goes on serving`, async ({}, testInfo) => {
    testInfo.annotations.push({ type: 'FUZZ_SEED', description: String(seed) });
    console.log(`npm start's server ${name}: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
    let log = '';
    const server = await serveBuild(dist, port + offset, base, (text) => (log += text), options);
    try {
      const origin = `http://127.0.0.1:${port + offset}`;
      // The server as it is gets the whole run; the other two a third each, for what differs in them.
      const count = base === '/' && options.length === 0 ? runs : Math.ceil(runs / 3);
      expect(await problemsOf(origin, { redirects: builtAddresses(dist, base) }, count), `FUZZ_SEED=${seed}`).toEqual([]);
      if (base === '/') expect(await rangeProblems(origin, Math.ceil(count / 10)), `FUZZ_SEED=${seed}`).toEqual([]);
      expect(await pipelinedProblems(origin, base, Math.ceil(count / 100)), `FUZZ_SEED=${seed}`).toEqual([]);
      expect(server.exitCode, log).toBeNull();
      expect((await fetch(`${origin}${base}index/Chapter1`)).status).toBe(200);
      expect(log, 'what the server logged').toBe('');
    } finally {
      server.kill();
    }
  });
}

test('the nginx example answers every hostile request below 500, with the security headers and no header of its choosing', async ({}, testInfo) => {
  test.skip(missingHere(nginxTool), nginxTool.missing);
  testInfo.annotations.push({ type: 'FUZZ_SEED', description: String(seed) });
  console.log(`The nginx example: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
  const nginx = await startNginx('nginx-hostile', port + 6, dist);
  try {
    expect(await problemsOf(nginx.origin, { redirects: builtAddresses(dist), quirks: nginxQuirks }, runs), `FUZZ_SEED=${seed}`).toEqual([]);
    expect(await rangeProblems(nginx.origin, Math.ceil(runs / 10)), `FUZZ_SEED=${seed}`).toEqual([]);
    expect(await pipelinedProblems(nginx.origin, '/', Math.ceil(runs / 100), nginxQuirks), `FUZZ_SEED=${seed}`).toEqual([]);
    // The plain-http server sends each request to the secure address: its path if that is plain URL text, else the home page.
    const secure: Served = { redirects: /^https:\/\/book\.example\.org\/[A-Za-z0-9/._~%!&()*+,;=:@?-]*$/, quirks: nginxQuirks };
    expect(await problemsOf(nginx.plainOrigin, secure, Math.ceil(runs / 3)), `FUZZ_SEED=${seed}`).toEqual([]);
    expect(nginx.stopped()).toBeUndefined();
    expect((await fetch(`${nginx.origin}/index/Chapter1`)).status).toBe(200);
  } finally {
    nginx.stop();
  }
});
