// The constants src/components/inline-scripts.ts gives each inline script (as define:vars would): for their type check only.
declare const key: string;
declare const colors: Record<'light' | 'dark', string>;
declare const text: Record<'img' | 'iframe' | 'unknown', string>;
declare const held: string;
declare const contents: string;
declare const copy: Record<'address' | 'awake' | 'outcome' | 'pressed' | 'settled', string>;
