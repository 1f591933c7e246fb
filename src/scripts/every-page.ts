/**
 * Every page's behaviour, in one module the browser keeps: a reader pays for it once, not again with every page.
 * Each part lives beside its component, finds its own elements and does nothing on a page without them.
 * What only chapters need is chapter-page.ts.
 */
import '../components/navigation-progress.ts';
import '../components/top-bar-offset.ts';
import '../components/theme/theme-toggle.ts';
import '../components/data-saver/data-saver-taps.ts';
import '../components/search/search-open.ts';
import '../components/offline/register-worker.ts';
