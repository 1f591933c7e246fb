// Shows 'Save this page for offline reading' where it can work, and imports the saving code on use (see SaveForOffline.astro).
for (const control of document.querySelectorAll<HTMLElement>('[data-save-offline]')) {
  if (!self.caches || !navigator.serviceWorker) continue;
  control.hidden = false;
  caches.has(control.dataset.cache ?? '').then(
    (saved) => {
      if (saved) control.dataset.state = 'saved';
    },
    () => {},
  );
  control.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action;
    if (action)
      import(/* @vite-ignore */ control.dataset.module ?? '').then(
        (module: { run: (control: HTMLElement, action: string) => void }) => module.run(control, action),
        // The saving code did not arrive (no connection, or a login page in its place): the reader is told, not left waiting.
        () => {
          const status = control.querySelector('[role="status"]');
          if (status) status.textContent = control.dataset.failed ?? '';
        },
      );
  });
}
