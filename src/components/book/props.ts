/**
 * The props authors write on the book components (rules.ts checks them), one type for the web's components and the
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

export interface SlideProps {
  number: number;
  title: string;
  source?: string;
}
