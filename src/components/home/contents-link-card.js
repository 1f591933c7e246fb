// Fades the contents card in when 40 % of it is on screen (see ContentsLinkCard.astro); runs at the end of the page.
const card = document.querySelector('.contents-card');
if (card && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
  card.classList.add('is-waiting');
  if (!window.IntersectionObserver) card.classList.add('is-shown');
  else
    new IntersectionObserver(
      (entries, observer) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        card.classList.add('is-shown');
      },
      { threshold: 0.4 },
    ).observe(card);
}
