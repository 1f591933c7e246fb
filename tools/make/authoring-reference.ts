/**
 * `npm run make:authoring-reference`: writes the components and frontmatter references and the troubleshooting page in
 * docs/authoring from the rules, schemas and messages the build checks with, so the guide and the build never disagree; tests/unit/authoring-doc.test.ts
 * fails when a committed file is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { componentsReference } from './authoring/components-reference.ts';
import { frontmatterReference } from './authoring/frontmatter-reference.ts';
import { troubleshootingPage } from './authoring/troubleshooting-page.ts';

/** Each reference, by its file from the project's root. */
export const references = {
  'docs/authoring/components.md': componentsReference,
  'docs/authoring/frontmatter.md': frontmatterReference,
  'docs/authoring/troubleshooting.md': troubleshootingPage,
};

if (import.meta.main) {
  for (const [file, write] of Object.entries(references)) {
    writeFileSync(join(import.meta.dirname, '../..', file), await write());
    console.log(`Written ${file}`);
  }
}
