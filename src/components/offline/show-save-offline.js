// Shows 'Save this chapter for offline reading' where it can work, and imports the saving code on use (see SaveForOffline.astro).
for (const b of document.querySelectorAll('[data-save-offline]')) {
  if (!self.caches || !navigator.serviceWorker) continue;
  b.hidden = false;
  caches.has(b.dataset.cache).then(
    (s) => s && (b.dataset.state = 'saved'),
    () => {},
  );
  b.onclick = (e) => {
    const a = e.target.closest('[data-action]')?.dataset.action;
    if (a)
      import(/* @vite-ignore */ b.dataset.module).then(
        (m) => m.run(b, a),
        () => {},
      );
  };
}
