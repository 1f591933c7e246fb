// Ambient (no import or export): each module here is made by the book integration at build time.

/** The address of a script fetched on use (integrations/vite/script-on-use.ts). */
declare module 'virtual:book/*' {
  const url: string;
  export default url;
}
