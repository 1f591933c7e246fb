/* global key -- given by src/components/inline-scripts.ts */
// Shows 'Continue where you left off' and the 'Opened' marks (see ResumeReading.astro). `key` comes from src/components/inline-scripts.ts.
const show = () => {
  try {
    const { opened = [], last } = JSON.parse(localStorage.getItem(key)) ?? {};
    const resume = document.getElementById('resume');
    if (/^\/(?!\/)/.test(last?.href)) {
      resume.firstChild.href = last.href;
      resume.querySelector('span').textContent = last.label;
      resume.hidden = false;
    }
    for (const n of opened) {
      const label = document.getElementById(`opened-${n}`);
      if (!label) continue;
      label.hidden = false;
      label.parentNode.querySelector('h2 a').setAttribute('aria-describedby', label.id);
    }
  } catch {}
};
show();
addEventListener('DOMContentLoaded', show);
addEventListener('pageshow', (e) => e.persisted && show());
