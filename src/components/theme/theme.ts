/** Where the reader's theme choice is remembered (this browser only): 'light' or 'dark'; absent = follow the system. */
export const themeStorageKey = 'book-theme';

/** The top bar's colour in each theme (--book-color-bar in src/styles/tokens.css), for <meta name="theme-color">. */
export const themeColors = { light: '#0b3b4f', dark: '#0d2733' } as const;

export type Theme = keyof typeof themeColors;
