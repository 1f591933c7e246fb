import { type Theme, themeColors, themeStorageKey } from './theme.ts';

const root = document.documentElement;
const system = matchMedia('(prefers-color-scheme: dark)');
const systemTheme = (): Theme => (system.matches ? 'dark' : 'light');
const apply = (choice: Theme | undefined) => {
  if (choice) root.dataset.theme = choice;
  else delete root.dataset.theme;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name=theme-color]'))
    meta.content = themeColors[choice ?? (meta.media.includes('dark') ? 'dark' : 'light')];
  const dark = String((choice ?? systemTheme()) === 'dark');
  for (const button of document.querySelectorAll('.theme-toggle')) button.setAttribute('aria-pressed', dark);
};
const current = () => root.dataset.theme as Theme | undefined;

apply(current());
system.addEventListener('change', () => apply(current()));
addEventListener('storage', (event) => event.key === themeStorageKey && apply(current()));
addEventListener('click', (event) => {
  if (!(event.target instanceof Element) || !event.target.closest('.theme-toggle')) return;
  const wanted: Theme = (current() ?? systemTheme()) === 'dark' ? 'light' : 'dark';
  // A choice equal to the system's is forgotten: the page follows the system again.
  const choice = wanted === systemTheme() ? undefined : wanted;
  try {
    if (choice) localStorage.setItem(themeStorageKey, choice);
    else localStorage.removeItem(themeStorageKey);
  } catch {
    // Not remembered: the choice holds for this page only.
  }
  apply(choice);
});
