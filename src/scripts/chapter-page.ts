/**
 * What only chapters and sub-pages do (their outline, the box a link opens, the reading place kept, saving for
 * offline reading): a cached module of its own, so the home, contents and members pages do not carry it.
 */
import '../components/wayfinding/on-this-page.ts';
import '../components/wayfinding/remember-page.ts';
import '../components/open-at-fragment.ts';
import '../components/offline/show-save-offline.ts';
