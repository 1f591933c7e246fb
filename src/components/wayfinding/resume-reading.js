/* global key -- given by src/components/inline-scripts.ts */
// Shows 'Continue where you left off' and the 'Opened' marks (see ResumeReading.astro). `key` comes from src/components/inline-scripts.ts.
const show = () => {
  try {
    /** @type {{ opened?: number[], last?: { href: string, label: string } }} */
    const { opened = [], last } = JSON.parse(localStorage.getItem(key) ?? 'null') ?? {};
    const resume = /** @type {HTMLElement} */ (document.getElementById('resume'));
    if (last && /^\/(?!\/)/.test(last.href)) {
      /** @type {HTMLAnchorElement} */ (resume.firstChild).href = last.href;
      /** @type {HTMLElement} */ (resume.querySelector('span')).textContent = last.label;
      resume.hidden = false;
    }
    for (const n of opened) {
      const label = document.getElementById(`opened-${n}`);
      if (!label) continue;
      label.hidden = false;
      label.parentNode?.querySelector('h2 a')?.setAttribute('aria-describedby', label.id);
    }
  } catch {}
};
show();
addEventListener('DOMContentLoaded', show);
addEventListener('pageshow', (e) => e.persisted && show());
