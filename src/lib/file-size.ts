import { statSync } from 'node:fs';
import { join } from 'node:path';

/** A size as readers say it: 870 bytes, 24 KB, 1.3 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The size of a file this site serves from public/ (e.g. /handouts/x.pdf); the build stops if it is missing. */
export function publicFileSize(path: string): number {
  const file = join(process.cwd(), 'public', path.split(/[?#]/)[0] ?? path);
  try {
    return statSync(file).size;
  } catch {
    throw new Error(`${path} is not in public/. Put the file at public${path}, or correct the address.`);
  }
}
