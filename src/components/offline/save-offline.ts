/**
 * Saving a chapter for offline reading, loaded only when a reader presses 'Save' or 'Remove'.
 * Everything the page needs (listed at build time in its offline-files JSON) goes into one cache
 * of its own, which the service worker serves offline; removing deletes that cache and the page's copy.
 */
import strings from 'virtual:book/ui/save';
import { cacheNames, type OfflineManifest, pageKey } from '../../lib/offline-cache.ts';

const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');

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
    const response = await fetch(box.dataset.manifest ?? '', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${response.status}`);
    const manifest = (await response.json()) as OfflineManifest;
    // All or nothing: addAll stores no file unless every one arrived.
    await (await caches.open(cacheName)).addAll(manifest.files);
    box.dataset.state = 'saved';
    say(strings['save.saved']);
    box.querySelector<HTMLButtonElement>('[data-action="remove"]')?.focus();
  } catch {
    await caches.delete(cacheName);
    say(strings['save.failed']);
  } finally {
    save?.removeAttribute('aria-disabled');
  }
}
