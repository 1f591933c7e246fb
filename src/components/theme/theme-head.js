/* global key, colors -- given by src/components/inline-scripts.ts */
// The theme before first paint, and the toggle's behaviour (see ThemeHead.astro). `key` and `colors` come from src/components/inline-scripts.ts.
const d = document,
  r = d.documentElement,
  m = matchMedia('(prefers-color-scheme: dark)');
const sys = () => (m.matches ? 'dark' : 'light');
const apply = (c) => {
  c = c === 'light' || c === 'dark' ? c : null;
  c ? (r.dataset.theme = c) : delete r.dataset.theme;
  for (const e of d.querySelectorAll('meta[name=theme-color]')) e.content = colors[c ?? (e.media.includes('dark') ? 'dark' : 'light')];
  for (const b of d.querySelectorAll('.theme-toggle')) b.setAttribute('aria-pressed', (c ?? sys()) === 'dark');
};
const again = () => apply(r.dataset.theme);
try {
  apply(localStorage.getItem(key));
} catch {
  apply();
}
d.addEventListener('DOMContentLoaded', again);
m.addEventListener('change', again);
addEventListener('storage', (e) => e.key === key && apply(e.newValue));
d.addEventListener('click', (e) => {
  if (!e.target.closest?.('.theme-toggle')) return;
  let c = (r.dataset.theme ?? sys()) === 'dark' ? 'light' : 'dark';
  if (c === sys()) c = null;
  try {
    c ? localStorage.setItem(key, c) : localStorage.removeItem(key);
  } catch {}
  apply(c);
});
