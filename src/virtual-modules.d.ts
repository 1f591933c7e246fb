// Ambient (no import or export): each module here is made by the book integration at build time.

/** The address of a script fetched on use (integrations/vite/script-on-use.ts). */
declare module 'virtual:book/*' {
  const url: string;
  export default url;
}

/** The embedded players' strings, from src/i18n/ui.ts (integrations/vite/ui-strings.ts). */
declare module 'virtual:book/ui/embed' {
  const strings: { [K in import('./i18n/ui.ts').UiKey as K extends `embed.${string}` ? K : never]: string };
  export default strings;
}

/** The search dialog's strings, from src/i18n/ui.ts (integrations/vite/ui-strings.ts). */
declare module 'virtual:book/ui/search' {
  const strings: { [K in import('./i18n/ui.ts').UiKey as K extends `search.${string}` ? K : never]: string };
  export default strings;
}

/** The files npm run build:downloads made for this build, which the pages offer (integrations/vite/downloads-list.ts). */
declare module 'virtual:book/downloads' {
  const downloads: import('./lib/downloads.ts').Download[];
  export default downloads;
}

/** The phone menu's strings, from src/i18n/ui.ts (integrations/vite/ui-strings.ts). */
declare module 'virtual:book/ui/menu' {
  const strings: { [K in import('./i18n/ui.ts').UiKey as K extends `menu.${string}` ? K : never]: string };
  export default strings;
}

/** The site's sections as the menu names them. */
declare module 'virtual:book/ui/nav' {
  const strings: { [K in import('./i18n/ui.ts').UiKey as K extends `nav.${string}` ? K : never]: string };
  export default strings;
}

/** The strings of the code that saves a page for offline reading (integrations/after-build/offline-worker.ts). */
declare module 'virtual:book/ui/save' {
  const strings: { [K in import('./i18n/ui.ts').UiKey as K extends `save.${string}` ? K : never]: string };
  export default strings;
}
