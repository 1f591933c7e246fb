/**
 * The props authors write on the book components (component-rules.ts checks them), one type for the web's components and the
 * editions' (src/editions/components/) alike.
 */
import type { EmbedKind } from '../../lib/embeds.ts';

/** A box or an activity: <Box number={1} title="…">. */
export interface NumberedProps {
  number: number;
  title: string;
}

export interface FigureProps {
  /** 'Figure 1', 'Map 1'. */
  label: string;
  caption: string;
  /** Where the data or picture comes from. */
  source: string;
  chart?: string;
  /** Replaces a chart's own description. */
  alt?: string;
}

export interface EmbedProps {
  kind: EmbedKind;
  src: string;
  title: string;
  /** Who made it, or where it is published. */
  source: string;
  /** Annex size: 1150 px wide on large screens instead of 850. */
  annex?: boolean;
}

/** Every Markdown link in MDX (the `a` of the page's components): its address and title, and what Markdown gives a
 * link besides, such as a footnote mark's id, data-footnote-ref and aria-describedby. */
export interface LinkProps {
  href: string;
  title?: string;
  [attribute: string]: unknown;
}

export interface SlideProps {
  number: number;
  title: string;
  source?: string;
}
