// The bar grows past its usual height where a reader's text spacing (WCAG 1.4.12) or font wraps its title: a jumped-to
// heading, the menu and the contents column then keep below its real edge (--book-bar-offset, tokens.css).
const bar = document.querySelector('.top-bar');
const root = document.documentElement.style;
if (bar) new ResizeObserver(([entry]) => root.setProperty('--book-bar-offset', `${entry!.borderBoxSize[0]!.blockSize}px`)).observe(bar);
