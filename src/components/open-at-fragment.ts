// A search result (or any link) can point at a Box heading, at text inside a closed Box, or at an
// Activity, whose text is read in its dialog. Focusing the trigger wakes its island
// (client:interaction) and the click is replayed once it is live, so the box or dialog opens.
const land = () => {
  const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  const box = target?.closest('.box__item[data-state=closed]');
  const trigger = (box ?? target?.closest('.activity__text')?.parentElement)?.querySelector('button');
  if (!trigger) return;
  trigger.focus({ preventScroll: true });
  trigger.click();
  // The box's text shows once it opens (its first change of state): then bring the target into view.
  if (box) {
    new MutationObserver((_, observer) => {
      observer.disconnect();
      target!.scrollIntoView();
    }).observe(box, { attributeFilter: ['data-state'] });
  }
};
// After the islands have started listening (they wait for the document to be parsed).
addEventListener('DOMContentLoaded', land);
addEventListener('hashchange', land);
