/** A figure drawn at build time from data kept in the repository. */
export interface Chart {
  /** Drawing size in CSS pixels (the SVG scales down on narrow screens). */
  width: number;
  height: number;
  /** The complete SVG document. */
  svg: string;
  /** What the figure shows, for readers who cannot see it (the image's alt text). */
  description: string;
  /** The numbers behind it, as a table for screen readers and anyone who wants them. */
  table: { columns: string[]; rows: (string | number)[][] };
}

/** Colours of the drawings (files outside the page cannot read the CSS tokens; these match tokens.css). */
export const chartColors = {
  text: '#1d1f21',
  muted: '#50555b',
  grid: '#d5d9dd',
  land: '#e4e7ea',
  accent: '#0b5d7a',
  second: '#b45309',
  background: '#ffffff',
} as const;

/** Escapes text for SVG markup. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-GB');
}
