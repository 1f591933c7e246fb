/* global contents -- given by src/components/inline-scripts.ts */
// Some hosts answer /index with index.html, the home page, instead of the contents page in index/ (see
// docs/hosting.md): a reader who lands on the home page at that address is taken to the contents page.
if (location.pathname === contents) location.replace(`${contents}/${location.search}${location.hash}`);
