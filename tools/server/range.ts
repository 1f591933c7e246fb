/**
 * The Range and If-Range headers as RFC 9110 (§13.1.5, §14.1–14.2) reads them. `send` answers a range it can parse
 * and calls anything else unsatisfiable (416), where the RFC lets a server ignore an invalid ranges-specifier, and it
 * compares If-Range loosely: these decide instead.
 */

// int-range (first-last or first-) or suffix-range (-length), with the optional whitespace of a list.
const rangeSpec = /^[ \t]*(?:(\d+)-(\d*)|-(\d+))[ \t]*$/;

/**
 * The header rewritten for `send` (the unit in lower case, the empty list elements dropped, a suffix longer than the
 * file written as the whole file, as §14.1.3 reads it) when it is a valid byte ranges-specifier for a file of `size`
 * bytes; undefined when the whole file must be sent instead: another unit, bad syntax, or an int-range whose last
 * position comes before its first.
 */
export function byteRanges(header: string | undefined, size: number): string | undefined {
  const match = /^bytes=(.*)$/i.exec(header ?? '');
  if (!match) return undefined;
  const specs: string[] = [];
  for (const element of (match[1] ?? '').split(',')) {
    if (element.trim() === '') continue;
    const [, first, last, suffix] = rangeSpec.exec(element) ?? [];
    if (suffix !== undefined) specs.push(size > 0 && BigInt(suffix) >= BigInt(size) ? '0-' : `-${suffix}`);
    else if (first !== undefined && (last === '' || (last !== undefined && BigInt(first) <= BigInt(last)))) specs.push(`${first}-${last}`);
    else return undefined;
  }
  return specs.length > 0 ? `bytes=${specs.join(',')}` : undefined;
}

/**
 * Whether a range request still applies to the file as it is now: with no If-Range, yes; with an entity tag, no (If-Range
 * compares strongly, and this server's ETags are weak); with a date, only the file's own Last-Modified, to the second.
 */
export function rangeStillApplies(ifRange: string | undefined, modified: Date): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return false;
  return Date.parse(value) === Math.floor(modified.getTime() / 1000) * 1000;
}
