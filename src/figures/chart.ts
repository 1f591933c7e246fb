/** One drawing of a chart, at a size: its SVG scales with the column, so its text is sized for the widths it is shown at. */
export interface Drawing {
  /** Drawing size in CSS pixels. */
  width: number;
  height: number;
  /** The complete SVG document. */
  svg: string;
}

/**
 * A figure drawn at build time from data kept in the repository, twice: wide for tablets and computers, and
 * narrow, with the same text larger against the drawing, for phones (where the wide one's text would be 6 px tall).
 */
export interface Chart {
  wide: Drawing;
  narrow: Drawing;
  /** What the figure shows, for readers who cannot see it (the image's alt text). */
  description: string;
  /** The numbers behind it, as a table for screen readers and anyone who wants them. */
  /** The numbers behind it; `holds` says what they are, in words that follow 'The data behind Map 1:'. */
  table: { holds: string; columns: string[]; rows: (string | number)[][] };
}

/** The widest window (CSS pixels) that shows a chart's narrow drawing; wider windows show the wide one. */
export const narrowUpTo = 640;

/**
 * Colours of the drawings, light and dark (files outside the page cannot read the CSS tokens; these match
 * tokens.css). A chart is an <img>: its SVG sees the page's colour scheme, so it follows the reader's theme.
 */
export const chartPalettes = {
  light: { text: '#1d1f21', muted: '#50555b', grid: '#d5d9dd', land: '#e4e7ea', accent: '#0b5d7a', second: '#b45309', background: '#ffffff' },
  dark: { text: '#e8eaed', muted: '#aab2ba', grid: '#3b434b', land: '#2f363d', accent: '#6cbfdc', second: '#f59e4c', background: '#1c2024' },
} as const;

export type ChartColor = keyof typeof chartPalettes.light;

const variables = (palette: Record<ChartColor, string>) =>
  Object.entries(palette)
    .map(([role, value]) => `--${role}:${value}`)
    .join(';');

/** The drawing's style sheet: one custom property per colour, switched by the colour scheme it is shown in. */
export const chartStyle = `<style>:root{${variables(chartPalettes.light)}}@media (prefers-color-scheme: dark){:root{${variables(chartPalettes.dark)}}}</style>`;

/** Paints an element: the light colour as an attribute (for tools that ignore CSS), the theme's through chartStyle. */
export function paint(colors: Partial<Record<'fill' | 'stroke', ChartColor>>): string {
  const entries = Object.entries(colors) as ['fill' | 'stroke', ChartColor][];
  const attributes = entries.map(([property, role]) => `${property}="${chartPalettes.light[role]}"`).join(' ');
  return `${attributes} style="${entries.map(([property, role]) => `${property}:var(--${role})`).join(';')}"`;
}

/** Escapes text for SVG markup. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-GB');
}
