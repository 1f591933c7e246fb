/* global key, colors -- given by src/components/inline-scripts.ts */
// The reader's stored theme before first paint, and a change made in another tab or the slides' page (see ThemeHead.astro).
const d = document;
const r = d.documentElement;
/** @param {string | null} c */
const apply = (c) => {
  c === 'light' || c === 'dark' ? (r.dataset['theme'] = c) : delete r.dataset['theme'];
  for (const e of d.querySelectorAll('meta[name=theme-color]')) {
    const meta = /** @type {HTMLMetaElement} */ (e);
    meta.content = colors[/** @type {'light' | 'dark'} */ (r.dataset['theme'] ?? (meta.media.includes('dark') ? 'dark' : 'light'))];
  }
};
try {
  apply(localStorage.getItem(key));
} catch {
  // Storage refused: the system's theme.
}
addEventListener('storage', (e) => e.key === key && apply(e.newValue));
