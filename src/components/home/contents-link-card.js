// Fades the contents card in when 40 % of it is on screen (see ContentsLinkCard.astro); runs right after the card.
const card = /** @type {HTMLElement} */ (document.currentScript?.previousElementSibling);
if (window.IntersectionObserver && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
  card.classList.add('is-waiting');
  new IntersectionObserver(
    (entries, observer) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      card.classList.add('is-shown');
    },
    { threshold: 0.4 },
  ).observe(card);
}
