/** The kinds of thing <Embed> shows. */
export const embedKinds = ['video', 'slides', 'pdf'] as const;
export type EmbedKind = (typeof embedKinds)[number];

/** The deck a book's own slides address names (/slides/introduction is book/slides/introduction.mdx). */
export const deckOf = (src: string): string | undefined => /^\/slides\/([^/#?]+)\/?(?:[#?].*)?$/.exec(src)?.[1];

export interface ResolvedEmbed {
  /** What the iframe loads. */
  frameSrc: string;
  /** The same content as a plain link, for readers whose frame cannot load. */
  link: string;
  /** Who serves it, as readers know the name; empty for this site. */
  host: string;
  /** Served by another host: loads only when the reader asks, and the link opens a new tab. */
  external: boolean;
  /** The iframe's permissions, as narrow as the content allows. */
  allow: string;
}

const youtubeId = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([\w-]{11})/;
/** Where a shared video starts: ?t=42, &t=1m30s or &start=42, in seconds. */
const startAt = /[?&](?:t|start)=(?:(\d+)h)?(?:(\d+)m)?(\d+)s?(?:&|$)/;

function startSeconds(src: string): number | undefined {
  const [, hours = '0', minutes = '0', seconds = '0'] = startAt.exec(src) ?? [];
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return total > 0 ? total : undefined;
}

/**
 * Where an embed's frame and fallback link point. YouTube addresses, however they are pasted, play
 * from youtube-nocookie (no cookies until the video plays) and link to the ordinary watch page.
 */
export function resolveEmbed(kind: EmbedKind, src: string, withBase: (path: string) => string = (path) => path): ResolvedEmbed {
  const video = youtubeId.exec(src)?.[1];
  if (kind === 'video' && video) {
    const start = startSeconds(src);
    return {
      frameSrc: `https://www.youtube-nocookie.com/embed/${video}?autoplay=1${start ? `&start=${start}` : ''}`,
      link: `https://www.youtube.com/watch?v=${video}${start ? `&t=${start}s` : ''}`,
      host: 'YouTube',
      external: true,
      allow: 'autoplay; encrypted-media; fullscreen; picture-in-picture',
    };
  }
  if (src.startsWith('/')) {
    const local = withBase(src);
    // Chromium's PDF viewer otherwise puts its toolbar's dozen controls in the page's Tab order; the caption's links
    // open the PDF with every control, or download it. Firefox's viewer (pdf.js) has no such setting and keeps them.
    const frameSrc = kind === 'pdf' ? `${local}#toolbar=0` : local;
    return { frameSrc, link: local, host: '', external: false, allow: 'fullscreen' };
  }
  const url = new URL(src);
  return { frameSrc: url.href, link: url.href, host: url.hostname.replace(/^www\./, ''), external: true, allow: 'fullscreen' };
}
