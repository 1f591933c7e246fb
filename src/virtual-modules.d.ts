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
