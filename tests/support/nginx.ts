/**
 * The nginx example (tools/server/nginx.conf, from nginxConfig()) run by Debian's nginx over a built book. TLS is left
 * out (no certificate here): the committed server block has its `listen` and certificate lines swapped for a local port.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { nginxConfig, nginxSiteRoot } from '../../integrations/host-config.ts';
import { systemTool } from '../../tools/common/system-tools.ts';

const project = join(import.meta.dirname, '../..');

/** Debian's nginx: its path, if it is installed (CI installs it: .ci/run), and what to install if not. */
export const nginx = systemTool('nginx');
const nginxPath = nginx.path;

/**
 * A whole nginx.conf: the example's maps and both its servers, the book's on `port` without TLS and the plain-http one
 * on `port + 1`, serving `dist` and including the build's map from `mapRoot` (by default `dist` itself), in the
 * foreground with its errors on stderr.
 */
export function localNginxConfig(port: number, dist: string, mapRoot = dist): string {
  const local = nginxConfig('/')
    .replace(/^\s*listen 443 ssl http2;$/m, `  listen 127.0.0.1:${port};`)
    .replace(/^\s*listen 80;$/m, `  listen 127.0.0.1:${port + 1};`)
    .replace(/^\s*ssl_certificate.*\n/gm, '')
    .replace(`root ${nginxSiteRoot};`, `root ${dist};`)
    .replace(`include ${nginxSiteRoot}/`, `include ${mapRoot}/`);
  if (/\bssl\b|listen 80;/.test(local) || !local.includes(`root ${dist};`) || !local.includes(`include ${mapRoot}/`))
    throw new Error('nginxConfig() changed shape: update tests/support/nginx.ts');
  return `daemon off;\nmaster_process off;\npid nginx.pid;\nerror_log stderr warn;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n${local}}\n`;
}

/** Writes `config` as tests/.output/<name>/nginx.conf; gives nginx's arguments to run it from that folder. */
function written(name: string, config: string): string[] {
  const prefix = join(project, 'tests/.output', name);
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'nginx.conf'), config);
  return ['-p', prefix, '-c', join(prefix, 'nginx.conf')];
}

/** Writes `config` to tests/.output/<name>/ and runs `nginx -t` on it: nginx's own words if it refuses the file. */
export function nginxRefuses(name: string, config: string): string | undefined {
  try {
    execFileSync(nginxPath!, ['-t', '-q', ...written(name, config)], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

export interface RunningNginx {
  /** The book's server (the example's https one, here without TLS). */
  origin: string;
  /** The example's plain-http server, which sends readers to the secure address. */
  plainOrigin: string;
  /** nginx's exit and error output if it has stopped, else undefined. */
  stopped: () => string | undefined;
  stop: () => void;
}

/** Runs the example over `dist` on `port` and `port + 1` (its files in tests/.output/<name>/); resolves once it answers `/`. */
export async function startNginx(name: string, port: number, dist: string): Promise<RunningNginx> {
  if (!nginxPath) throw new Error(nginx.missing);
  const server = spawn(nginxPath, written(name, localNginxConfig(port, dist)), { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  server.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stopped = () =>
    server.exitCode === null && server.signalCode === null ? undefined : `nginx stopped (${server.exitCode ?? server.signalCode}): ${errors}`;
  const answer = (): Promise<number | string> =>
    stopped()
      ? Promise.resolve(stopped()!)
      : fetch(`${origin}/`).then(
          (r) => r.status,
          () => 0,
        );
  const stop = () => server.kill();
  // nginx starts in milliseconds: the limit is for a hang, and the server is stopped if it comes.
  await expect
    .poll(answer, { timeout: 60_000 })
    .toBe(200)
    .catch((error: unknown) => {
      stop();
      throw error;
    });
  return { origin, plainOrigin: `http://127.0.0.1:${port + 1}`, stopped, stop };
}
