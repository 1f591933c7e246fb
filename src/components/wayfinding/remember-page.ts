// Notes in this browser only that the page was opened and is the last one read (RememberPage.astro). A browser that
// refuses storage (private mode, full, turned off) simply gets no 'Continue' link: nothing to report.
const remembered = document.querySelector<HTMLElement>('[data-remember-page]')?.dataset;
if (remembered) {
  try {
    const { key = '', chapter, href, label } = remembered;
    const { opened } = JSON.parse(localStorage.getItem(key) ?? '{}') as { opened?: unknown };
    const chapters = new Set(Array.isArray(opened) ? opened : []).add(Number(chapter));
    localStorage.setItem(key, JSON.stringify({ opened: [...chapters], last: { href, label } }));
  } catch {}
}
