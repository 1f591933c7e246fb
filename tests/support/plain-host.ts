import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

/** How a host treats the trailing slash of a folder's page: GitHub Pages adds it with a 301, Cloudflare Pages with a 308. */
export interface SlashRedirect {
  /** 'add': /index/Chapter1 redirects to /index/Chapter1/; 'remove': the other way round. */
  slash: 'add' | 'remove';
  status: 301 | 308;
}

export interface PlainHostOptions {
  /** Redirect every page's address to one form, as many hosts do; none by default. */
  redirect?: SlashRedirect;
  /** Send `Cache-Control: no-store` with every answer: the browser keeps nothing in its HTTP cache, as if it were cleared. */
  noStore?: boolean;
  /** Answers in the host's place when it gives a status and a body (a server error, a Wi-Fi login page); read on each request. */
  answerInstead?: () => { status: number; html: string } | undefined;
}

/**
 * Serves a built folder as a host without redirect rules does (GitHub Pages): files and folders' index.html as
 * they are, in their exact letter case, and 404.html with status 404 for anything else. Close the result when done.
 */
export async function servePlainHost(
  dir: string,
  port: number,
  { redirect, noStore = false, answerInstead }: PlainHostOptions = {},
): Promise<Server> {
  const files = sirv(dir, { dev: true });
  const notFound = readFileSync(join(dir, '404.html'));
  const server = createServer((request, response) => {
    if (noStore) response.setHeader('Cache-Control', 'no-store');
    const instead = answerInstead?.();
    if (instead) {
      response.writeHead(instead.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(instead.html);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://host');
    const folderPage = existsSync(join(dir, decodeURIComponent(url.pathname), 'index.html'));
    const to =
      redirect?.slash === 'add' && folderPage && !url.pathname.endsWith('/')
        ? `${url.pathname}/`
        : redirect?.slash === 'remove' && folderPage && url.pathname !== '/' && url.pathname.endsWith('/')
          ? url.pathname.slice(0, -1)
          : undefined;
    if (redirect && to !== undefined) {
      response.writeHead(redirect.status, { Location: `${to}${url.search}` }).end();
      return;
    }
    // A folder's page is its index.html, before a file of the same name (/index/ is the contents, not /index.html); a
    // host that removes the slash serves it at the address without one.
    if (folderPage && (url.pathname.endsWith('/') || redirect?.slash === 'remove'))
      request.url = `${url.pathname.replace(/\/?$/, '/')}index.html${url.search}`;
    files(request, response, () => {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(notFound);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
