// Plays the home video unless the reader saves data or motion (see HomeVideo.astro); runs at the end of the page, and
// fetches the video once the page has loaded, so that it never competes with the page's text, styles and pictures.
const box = /** @type {HTMLElement} */ (document.querySelector('.home-video'));
const video = /** @type {HTMLVideoElement} */ (box.querySelector('video'));
const toggle = /** @type {HTMLButtonElement} */ (box.querySelector('button'));
/** @type {{ play: string, pause: string, offer: string }} */
const labels = JSON.parse(toggle.dataset['labels'] ?? '{}');
// One decision for the whole page, made in <head> (DataSaverHead.astro): the reader's switch or the browser's wish.
const lessData = document.documentElement.dataset['saver'] === 'on';
const lessMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
const start = () => {
  if (video.childElementCount > 0) return;
  video.addEventListener('canplay', () => (box.classList.remove('is-still'), box.classList.add('is-playing')), { once: true });
  video.autoplay = true;
  /** @type {{ src: string, type: string }[]} */
  const sources = JSON.parse(video.dataset['sources'] ?? '[]');
  for (const { src, type } of sources) video.append(Object.assign(document.createElement('source'), { src, type }));
};
const label = () => (toggle.textContent = video.paused ? labels.play : labels.pause);
video.addEventListener('play', label);
video.addEventListener('pause', label);
if (lessData || lessMotion) {
  video.poster = video.dataset['poster'] ?? '';
  box.classList.add('is-still');
  // Data saver: nothing is fetched until the reader asks for the video (with less motion, it is not offered).
  if (!lessMotion) {
    toggle.textContent = labels.offer;
    toggle.hidden = false;
    toggle.addEventListener('click', () => (video.childElementCount ? (video.paused ? video.play() : video.pause()) : start()));
  }
} else {
  // A press before the page has loaded starts the video there and then: the reader asked for it.
  toggle.addEventListener('click', () => (video.childElementCount === 0 ? start() : video.paused ? video.play() : video.pause()));
  // Until the video plays, the control offers to play it (it may never autoplay).
  label();
  toggle.hidden = false;
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
