/**
 * The Range header as RFC 9110 (§14.1–14.2) reads it. `send` answers a range it can parse and calls anything else
 * unsatisfiable (416), where the RFC lets a server ignore an invalid ranges-specifier: this decides which is which.
 */

// int-range (first-last or first-) or suffix-range (-length), with the optional whitespace of a list.
const rangeSpec = /^[ \t]*(?:(\d+)-(\d*)|-(\d+))[ \t]*$/;

/**
 * The header rewritten for `send` (the unit in lower case, the empty list elements dropped) when it is a valid
 * byte ranges-specifier; undefined when the whole file must be sent instead: another unit, bad syntax, or an
 * int-range whose last position comes before its first.
 */
export function byteRanges(header: string | undefined): string | undefined {
  const match = /^bytes=(.*)$/i.exec(header ?? '');
  if (!match) return undefined;
  const specs = (match[1] ?? '').split(',').filter((element) => element.trim() !== '');
  const valid =
    specs.length > 0 &&
    specs.every((spec) => {
      const [, first, last, suffix] = rangeSpec.exec(spec) ?? [];
      if (suffix !== undefined) return true;
      return first !== undefined && (last === '' || (last !== undefined && BigInt(first) <= BigInt(last)));
    });
  return valid ? `bytes=${specs.map((spec) => spec.trim()).join(',')}` : undefined;
}
