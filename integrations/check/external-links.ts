/**
 * Links to other sites, tried when the computer is online: each one that does not answer, or answers
 * with an error, is a warning (sites go down and come back; the author decides). Offline, one line says
 * they were not checked.
 */
import type { Finding } from './findings.ts';
import type { Link } from './book-map.ts';
import type { Help } from '../../src/lib/troubleshooting.ts';

export interface ExternalCheck {
  findings: Finding[];
  /** One line for the report: how many links were checked, or why none were. */
  note: string;
}

export interface ExternalOptions {
  /** How long one site may take to answer. */
  timeoutMs?: number;
  /** How many sites are asked at once. */
  parallel?: number;
}

type Answer = { ok: true } | { ok: false; reason: string; network: boolean };

const count = (n: number) => `${n} ${n === 1 ? 'link' : 'links'} to other sites`;

export async function checkExternalLinks(links: Link[], { timeoutMs = 8000, parallel = 8 }: ExternalOptions = {}): Promise<ExternalCheck> {
  const urls = [...new Set(links.map((link) => absolute(link.url)))];
  if (urls.length === 0) return { findings: [], note: notChecked(0, '') };
  // A few sites on different hosts first: if none can be reached at all, the computer is offline.
  const probes = [...new Map(urls.map((url) => [new URL(url).host, url])).values()].slice(0, 3);
  const answers = new Map<string, Answer>();
  await inBatches(probes, parallel, async (url) => answers.set(url, await ask(url, timeoutMs)));
  const unreachable = (url: string) => {
    const answer = answers.get(url);
    return answer !== undefined && !answer.ok && answer.network;
  };
  if (probes.every(unreachable)) {
    return { findings: [], note: notChecked(urls.length, 'this computer could not reach the internet') };
  }
  await inBatches(
    urls.filter((url) => !answers.has(url)),
    parallel,
    async (url) => answers.set(url, await ask(url, timeoutMs)),
  );
  const findings = links.flatMap((link): Finding[] => {
    const answer = answers.get(absolute(link.url));
    if (!answer || answer.ok) return [];
    const message = `${link.url} ${answer.reason}. Open it in a browser: if the page has moved, change the address; if it is gone, link to another copy.`;
    return [{ file: link.file.file, ...link.file.at(link.offset), kind: 'external', message }];
  });
  const failing = urls.filter((url) => answers.get(url)?.ok === false).length;
  return {
    findings,
    note: `External links: ${count(urls.length)} checked, ${failing === 0 ? 'all working' : `${failing} not working (warnings above)`}.`,
  };
}

/** The report's line when links to other sites were not tried, and why. */
export function notChecked(links: number, why: string): string {
  return links === 0 ? 'External links: there are none.' : `External links: ${count(links)} not checked (${why}).`;
}

/** Protocol-relative addresses (//example.org) are read as https. */
const absolute = (url: string) => (url.startsWith('//') ? `https:${url}` : url);

/** HEAD first; some servers refuse HEAD but serve GET, so an error is tried again with GET before it counts. */
async function ask(url: string, timeoutMs: number): Promise<Answer> {
  try {
    const head = await request(url, 'HEAD', timeoutMs);
    if (head.ok) return { ok: true };
    const get = await request(url, 'GET', timeoutMs);
    if (get.ok) return { ok: true };
    return { ok: false, network: false, reason: `answered ${get.status}${get.statusText ? ` (${get.statusText})` : ''}` };
  } catch (error) {
    return { ok: false, network: true, reason: describeFailure(error, timeoutMs) };
  }
}

async function request(url: string, method: 'HEAD' | 'GET', timeoutMs: number) {
  const response = await fetch(url, {
    method,
    redirect: 'follow',
    signal: AbortSignal.timeout(timeoutMs),
    headers: { 'user-agent': 'Mozilla/5.0 (book author check)' },
  });
  // Only the status matters: the body is not downloaded.
  await response.body?.cancel();
  return response;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `did not answer within ${timeoutMs / 1000} s`;
  const code = (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'could not be reached (its host name is unknown)';
  if (code === 'ECONNREFUSED') return 'could not be reached (the connection was refused)';
  return `could not be reached (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

async function inBatches<T>(items: T[], size: number, task: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(size, queue.length) }, worker));
}

/** The troubleshooting page's entries for the mistakes found here (Help). */
export const help: Help = {
  externalLink: { about: ['Another site did not answer the check. If the page has moved, change the address; a warning never fails the check.'] },
};
