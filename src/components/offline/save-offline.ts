/**
 * Saving a chapter for offline reading, loaded only when a reader presses 'Save' or 'Remove'.
 * Everything the page needs (listed at build time in its offline-files JSON) goes into one cache
 * of its own, which the service worker serves offline; removing deletes that cache and the page's copy.
 */
import strings from 'virtual:book/ui/save';
import { cacheNames, type OfflineManifest, pageKey } from '../../lib/offline-cache.ts';
import { workerUrl } from '../../lib/worker-url.ts';
import { fetchToKeep, keepAll, SaveError } from '../../lib/offline-copies.ts';

const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');

/** Whether the device can take this many more bytes; true where the browser does not say. */
async function roomFor(bytes: number): Promise<boolean> {
  const { quota, usage } = (await navigator.storage?.estimate?.().catch(() => undefined)) ?? {};
  return quota === undefined || usage === undefined || quota - usage >= bytes;
}

/** Registers the offline worker and resolves once it runs (it then serves the saved page offline); rejects if it fails to start. */
async function workerRunning(): Promise<void> {
  const registration = await navigator.serviceWorker.register(workerUrl(base, document.documentElement.dataset.saver === 'on'), { scope: base });
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker || worker.state === 'activated') return;
  await new Promise<void>((resolve, reject) =>
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant') reject(new SaveError('network'));
    }),
  );
}

export async function run(box: HTMLElement, action: 'save' | 'remove'): Promise<void> {
  const status = box.querySelector('[role="status"]');
  const save = box.querySelector<HTMLButtonElement>('[data-action="save"]');
  const cacheName = box.dataset.cache ?? '';
  const say = (text: string) => status && (status.textContent = text);
  if (action === 'remove') {
    await caches.delete(cacheName);
    await (await caches.open(cacheNames.pages)).delete(pageKey(location.href, base));
    delete box.dataset.state;
    say(strings['save.removed']);
    save?.focus();
    return;
  }
  if (save?.getAttribute('aria-disabled') === 'true') return;
  save?.setAttribute('aria-disabled', 'true');
  say(strings['save.saving']);
  try {
    const response = await fetch(box.dataset.manifest ?? '', { cache: 'no-cache' }).catch(() => undefined);
    if (!response?.ok) throw new SaveError('network');
    const manifest = (await response.json()) as OfflineManifest;
    // What the control announced is what is stored: refused at once if the device has no room for it.
    if (!(await roomFor(manifest.bytes))) throw new SaveError('storage');
    // All or nothing: every file arrives and is the book's before any is stored.
    await keepAll(cacheName, await fetchToKeep(manifest.files, base));
    // A first page's worker starts on the reader's next page (register-worker.ts): a saved page needs it now, running.
    if (!navigator.serviceWorker.controller) await workerRunning();
    box.dataset.state = 'saved';
    say(strings['save.saved']);
    box.querySelector<HTMLButtonElement>('[data-action="remove"]')?.focus();
  } catch (error) {
    say(strings[error instanceof SaveError && error.reason === 'storage' ? 'save.full' : 'save.failed']);
  } finally {
    save?.removeAttribute('aria-disabled');
  }
}
