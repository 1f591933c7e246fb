import { readFileSync } from 'node:fs';
import postcss from 'postcss';
import postcssDarkThemeClass from 'postcss-dark-theme-class';
import { describe, expect, it } from 'vitest';
import { themeColors } from '../../src/components/theme/theme.ts';
import { chartPalettes, paint } from '../../src/figures/chart.ts';

const tokensCss = readFileSync(new URL('../../src/styles/tokens.css', import.meta.url), 'utf8');

/** The custom properties of tokens.css: light from :root, dark from the one dark block. */
function tokens(): { light: Record<string, string>; dark: Record<string, string> } {
  const root = postcss.parse(tokensCss);
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  root.walkDecls(/^--/, (decl) => {
    const inDark = decl.parent?.parent?.type === 'atrule';
    (inDark ? dark : light)[decl.prop] = decl.value;
  });
  return { light, dark };
}

describe('the theme colours defined once in tokens.css', () => {
  const { light, dark } = tokens();

  it('give the browser bar (<meta name="theme-color">) the top bar colour of each theme', () => {
    expect(themeColors.light).toBe(light['--book-color-bar']);
    expect(themeColors.dark).toBe(dark['--book-color-bar']);
  });

  it("are the charts' colours too, in each theme", () => {
    for (const [theme, values] of Object.entries({ light, dark })) {
      const palette = chartPalettes[theme as 'light' | 'dark'];
      expect(palette.text, theme).toBe(values['--book-color-text']);
      expect(palette.muted, theme).toBe(values['--book-color-muted']);
      expect(palette.accent, theme).toBe(values['--book-color-accent']);
      expect(palette.background, theme).toBe(values['--book-color-surface']);
    }
  });

  it('become one rule for the system preference (unless the reader chose light) and one for the dark choice, screens only', async () => {
    const { css } = await postcss([postcssDarkThemeClass({ darkSelector: '[data-theme="dark"]', lightSelector: '[data-theme="light"]' })]).process(
      tokensCss,
      { from: undefined },
    );
    expect(css).toMatch(/@media screen and \(prefers-color-scheme: dark\) \{\s*:root:where\(:not\(\[data-theme="light"\]\)\)/);
    expect(css).toMatch(/@media screen \{\s*:root:where\(\[data-theme="dark"\]\)/);
  });
});

describe('chart paint', () => {
  it('writes the light colour as an attribute and the theme colour as CSS', () => {
    expect(paint({ fill: 'accent', stroke: 'background' })).toBe(
      `fill="${chartPalettes.light.accent}" stroke="${chartPalettes.light.background}" style="fill:var(--accent);stroke:var(--background)"`,
    );
  });
});
