/** The author check's rules, which read one file at a time or the whole book (rule.ts): adding one is its module and a line here. */
export { default as bibliography } from './bibliography.ts';
export { default as componentPlacement } from './component-placement.ts';
export { default as componentUse } from './component-use.ts';
export { default as footnotes } from './footnotes.ts';
export { default as frontmatter } from './frontmatter.ts';
export { default as headings } from './headings.ts';
export { default as bookLinks } from './book-links.ts';
export { default as licences } from './licences.ts';
export { default as markdownAsWritten } from './markdown-as-written.ts';
export { default as members } from './members.ts';
export { default as pictures } from './pictures.ts';
export { default as sourcedClaims } from './sourced-claims.ts';
export { default as spelling } from './spelling.ts';
export { default as tableRows } from './table-rows.ts';
export { default as templateText } from './template-text.ts';
export { default as unreadableCharacters } from './unreadable-characters.ts';
export { default as unreadableMdx } from './unreadable-mdx.ts';
