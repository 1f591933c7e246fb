// Ambient (no import or export): each module here is made by the book integration at build time.

/** The strings of one section of src/i18n/ui.ts (`search` for every `search.…` key), as virtual:book/ui/<section> gives them. */
type UiSection<Section extends string> = {
  [K in import('./i18n/ui.ts').UiKey as K extends `${Section}.${string}` ? K : never]: string;
};

/** The address of a script fetched on use (integrations/vite/script-on-use.ts). */
declare module 'virtual:book/*' {
  const url: string;
  export default url;
}

/** The embedded players' strings, from src/i18n/ui.ts (integrations/vite/ui-strings.ts). */
declare module 'virtual:book/ui/embed' {
  const strings: UiSection<'embed'>;
  export default strings;
}

/** The search dialog's strings, from src/i18n/ui.ts (integrations/vite/ui-strings.ts). */
declare module 'virtual:book/ui/search' {
  const strings: UiSection<'search'>;
  export default strings;
}

/** The files npm run build:downloads made for this build, which the pages offer (integrations/vite/downloads-list.ts). */
declare module 'virtual:book/downloads' {
  const downloads: import('./lib/downloads.ts').Download[];
  export default downloads;
}

/** The phone menu's strings, from src/i18n/ui.ts (integrations/vite/ui-strings.ts). */
declare module 'virtual:book/ui/menu' {
  const strings: UiSection<'menu'>;
  export default strings;
}

/** The site's sections as the menu names them. */
declare module 'virtual:book/ui/nav' {
  const strings: UiSection<'nav'>;
  export default strings;
}

/** The strings of the code that saves a page for offline reading (integrations/after-build/offline-worker.ts). */
declare module 'virtual:book/ui/save' {
  const strings: UiSection<'save'>;
  export default strings;
}
