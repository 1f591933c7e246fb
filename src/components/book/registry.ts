/**
 * The book components authors write in MDX, one folder each (define.ts says what a folder holds). The author check,
 * the page's and the editions' maps, the guide's reference and pictures, and the benchmark read this list: adding a
 * component is its folder and one line here.
 */
export { default as Box } from './Box/box.ts';
export { default as Tip } from './Tip/tip.ts';
export { default as Activity } from './Activity/activity.ts';
export { default as Figure } from './Figure/figure.ts';
export { default as KeyFigure } from './KeyFigure/key-figure.ts';
export { default as Embed } from './Embed/embed.ts';
export { default as Annex } from './Annex/annex.ts';
export { default as LinkButton } from './LinkButton/link-button.ts';
export { default as TeachingResources } from './TeachingResources/teaching-resources.ts';
export { default as Slide } from './Slide/slide.ts';
