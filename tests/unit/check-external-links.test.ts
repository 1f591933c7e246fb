/**
 * Links to other sites, tried against a server on this machine (tests never use the internet):
 * failures are warnings with the place and the fix; when no site answers at all, one line says so.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../../integrations/check/source-files.ts';
import { checkExternalLinks } from '../../integrations/check/external-links.ts';
import { formatFinding, isWarning } from '../../integrations/check/findings.ts';
import type { Link } from '../../integrations/check/book-map.ts';
import { helpLine } from '../../src/lib/troubleshooting.ts';

const file = { file: 'chapters/01-first.mdx', at: (offset: number) => ({ line: 1, column: offset + 1 }) } as SourceFile;
const links = (...urls: string[]): Link[] => urls.map((url, i) => ({ url, file, offset: i * 10 }));

let server: Server;
let site: string;
/** A port nothing listens on: a connection there is refused at once. */
let closedSite: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    // This page refuses HEAD, as some servers do, but serves GET.
    if (request.url === '/no-head') response.writeHead(request.method === 'HEAD' ? 405 : 200);
    else response.writeHead(request.url === '/gone' ? 404 : 200, request.url === '/gone' ? 'Not Found' : 'OK');
    response.end('page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedSite = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('links to other sites', () => {
  it('that answer (after a refused HEAD too) pass; one that answers an error is a warning with the place and the fix', async () => {
    const { findings, note } = await checkExternalLinks(links(`${site}/ok`, `${site}/no-head`, `${site}/gone`));
    expect(findings.map(formatFinding)).toEqual([
      `chapters/01-first.mdx:1:21: External link (warning): ${site}/gone answered 404 (Not Found). Open it in a browser: if the page has moved, change the address; if it is gone, link to another copy.\n  ${helpLine('externalLink')}`,
    ]);
    expect(findings.every(isWarning)).toBe(true);
    expect(note).toBe('External links: 3 links to other sites checked, 1 not working (warnings above).');
  });

  it('on a site that cannot be reached are warnings, when other sites answer', async () => {
    const { findings, note } = await checkExternalLinks(links(`${site}/ok`, `${closedSite}/page`), { parallel: 1 });
    expect(findings.map(({ message }) => message)).toEqual([
      `${closedSite}/page could not be reached (the connection was refused). Open it in a browser: if the page has moved, change the address; if it is gone, link to another copy.`,
    ]);
    expect(note).toBe('External links: 2 links to other sites checked, 1 not working (warnings above).');
  });

  it('are not checked when no site can be reached: the computer is offline', async () => {
    const { findings, note } = await checkExternalLinks(links(`${closedSite}/a`, `${closedSite}/b`));
    expect(findings).toEqual([]);
    expect(note).toBe('External links: 2 links to other sites not checked (this computer could not reach the internet).');
  });

  it('that do not answer in time are warnings', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/slow`;
    try {
      const { findings } = await checkExternalLinks(links(`${site}/ok`, slow), { timeoutMs: 300, parallel: 1 });
      expect(findings.map(({ message }) => message)).toEqual([expect.stringContaining(`${slow} did not answer within 0.3 s.`)]);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
