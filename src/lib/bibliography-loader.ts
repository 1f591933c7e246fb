/**
 * The book's bibliography (chapters/references.bib, BibTeX as Zotero, Mendeley and EndNote export it) as a content
 * collection: one entry per source, its key the id, its fields in CSL-JSON (what citation styles read), parsed by
 * citation-js, never by hand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import type { Loader } from 'astro/loaders';
import { afterSaving } from './save-settled.ts';

/** A source in CSL-JSON, as citation-js reads it from BibTeX. */
export interface CslItem {
  id: string;
  type: string;
  title?: string;
  issued?: { 'date-parts'?: (number | string)[][] };
  DOI?: string;
  URL?: string;
  [field: string]: unknown;
}

/** The sources of a BibTeX text, in CSL-JSON. */
export function parseBibtex(text: string): CslItem[] {
  return new Cite(text).data as CslItem[];
}

/** Loads `<chapters>/references.bib` (relative to the project): a book without one cites nothing. */
export function bibliographyLoader(file: string): Loader {
  return {
    name: 'book-bibliography',
    load: async ({ config, store, parseData, watcher, logger }) => {
      const path = fileURLToPath(new URL(file, config.root));
      // A file that does not parse leaves the last sources in place: the author check names its mistake (and the build
      // runs the check first, so it never gets here with one).
      const sync = async () => {
        let items: CslItem[];
        try {
          items = existsSync(path) ? parseBibtex(readFileSync(path, 'utf8')) : [];
        } catch {
          // In `npm run dev` the check beside the preview says where, in the terminal and on the page.
          if (!watcher) logger.warn('references.bib cannot be read as it is: npm run check says where.');
          return;
        }
        store.clear();
        for (const item of items) store.set({ id: item.id, data: await parseData({ id: item.id, data: item }) });
      };
      await sync();
      // In `npm run dev`, a saved change to the bibliography (made, changed or deleted) shows in the open page.
      watcher?.add(path);
      const syncSaved = afterSaving(() => void sync());
      watcher?.on('all', (_event, changed) => {
        if (changed === path) syncSaved();
      });
    },
  };
}
