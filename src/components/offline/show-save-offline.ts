// Shows 'Save this page for offline reading' where it can work, and imports the saving code on use (see SaveForOffline.astro).
import type { OfflineManifest, SizeQuestion } from '../../lib/offline-cache.ts';

for (const control of document.querySelectorAll<HTMLElement>('[data-save-offline]')) {
  if (!self.caches || !navigator.serviceWorker) continue;
  control.hidden = false;
  // The download's size: the worker knows it (the build told it); else the page's list of files says it.
  const size = control.querySelector('.save-offline__size');
  const show = (text: unknown) => {
    if (size && typeof text === 'string') size.textContent = `(${text})`;
  };
  const ask = (worker?: ServiceWorker | null) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = ({ data }) => show(data);
    worker?.postMessage({ offlineSize: control.dataset.route ?? '' } satisfies SizeQuestion, [port2]);
  };
  const workers = navigator.serviceWorker;
  void workers.ready.then(({ active }) => ask(active));
  // A new deployment's worker takes over from one that may not know the page: it is asked too.
  workers.addEventListener('controllerchange', () => ask(workers.controller));
  // No worker yet (a reader's first page): the page's list of files, once the reader reaches the control.
  const whenSeen = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting) || size?.textContent || workers.controller) return;
    whenSeen.disconnect();
    fetch(control.dataset.manifest ?? '')
      .then((response) => (response.ok ? response.json() : {}))
      .then((manifest: Partial<OfflineManifest>) => show(manifest.size))
      .catch(() => {});
  });
  whenSeen.observe(control);
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
