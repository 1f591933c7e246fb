// Marks the section being read in each list of the page's sections ([data-outline]: above the text, and beside it):
// the last of its headings above the top third of the window, worked out afresh after each scroll, once a frame (an
// observer of the headings misses a jump that crosses none of them).
const idOf = (link: HTMLAnchorElement) => decodeURIComponent(link.hash.slice(1));
const lists = [...document.querySelectorAll('[data-outline]')].map((list) => {
  const links = [...list.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  return { list, links, headings: links.flatMap((link) => document.getElementById(idOf(link)) ?? []), current: '' };
});
// The contents beside the text scroll on their own when taller than the window: the marked section stays in sight.
const keepInView = (link: HTMLAnchorElement | undefined) => {
  const scroller = link?.closest<HTMLElement>('.book-contents');
  if (!link || !scroller || scroller.scrollHeight <= scroller.clientHeight) return;
  const [box, frame] = [link.getBoundingClientRect(), scroller.getBoundingClientRect()];
  if (box.top < frame.top || box.bottom > frame.bottom) scroller.scrollTop += box.top - frame.top - frame.height / 3;
};
const mark = () => {
  for (const entry of lists) {
    const id = entry.headings.findLast((heading) => heading.getBoundingClientRect().top <= innerHeight / 3)?.id ?? '';
    if (id === entry.current) continue;
    entry.current = id;
    for (const link of entry.links) {
      if (idOf(link) === id) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    keepInView(entry.links.find((link) => idOf(link) === id));
  }
};
let queued = false;
const queue = () => {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => ((queued = false), mark()));
};
addEventListener('scroll', queue, { passive: true });
addEventListener('resize', queue, { passive: true });
mark();
