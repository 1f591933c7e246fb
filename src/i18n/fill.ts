/** Fills a UI string's {placeholders}: for ui.ts's t(), and for islands, which get their strings from a virtual module. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}
