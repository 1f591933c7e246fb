// Marks the section being read: the last listed heading above the top third of the window, worked out afresh
// after each scroll, once a frame (an observer of the headings misses a jump that crosses none of them).
const links = [...document.querySelectorAll<HTMLAnchorElement>('.on-this-page a')];
const idOf = (link: HTMLAnchorElement) => decodeURIComponent(link.hash.slice(1));
const headings = [...new Set(links.map(idOf))].flatMap((id) => document.getElementById(id) ?? []);
let current: string | undefined;
const mark = () => {
  const id = headings.findLast((heading) => heading.getBoundingClientRect().top <= innerHeight / 3)?.id;
  if (id === current) return;
  current = id;
  for (const link of links) {
    if (idOf(link) === id) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
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
