/**
 * The book's drawn figures say what their sources say: Map 1 is the UN's file of urban agglomerations, every one
 * of them, and Figure 1 shades as projections exactly the years after its base year.
 */
import { existsSync, readFileSync } from 'node:fs';
import { csvParse } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { chart } from '../../src/figures/chart-list.ts';
import figureOne from '../../src/data/figures/urban-rural-population.json' with { type: 'json' };

const unFile = new URL('../../../shared/data/WUP2018-F12-Cities_Over_300K.csv', import.meta.url);

describe.skipIf(!existsSync(unFile))('Map 1, against the UN file WUP2018-F12 (../shared/data)', () => {
  const un = csvParse(readFileSync(unFile, 'utf8'));
  const map = chart('world-cities');

  it('draws a circle for each of the 1,860 urban agglomerations, at both sizes', () => {
    expect(un).toHaveLength(1860);
    for (const drawing of [map.wide, map.narrow]) expect(drawing.svg.match(/<circle cx=/g)).toHaveLength(un.length + 5); // + the legend's five
  });

  it("tables the megacities, every agglomeration of 10 million or more, with the UN's 2020 population, largest first", () => {
    const expected = un
      .filter((row) => Number(row['2020']) >= 10_000)
      .sort((a, b) => Number(b['2020']) - Number(a['2020']))
      .map((row) => [row['Urban Agglomeration'], row['Country or area'], (Number(row['2020']) * 1000).toLocaleString('en-GB')]);
    expect(map.table.columns).toEqual(['Urban agglomeration', 'Country or area', 'Population in 2020']);
    expect(map.table.rows).toEqual(expected);
    expect(map.table.rows[0]).toEqual(['Tokyo', 'Japan', '37,393,000']);
  });

  it('counts the size classes as the UN file does: 34 agglomerations of 10 million or more in 2020', () => {
    const megacities = un.filter((row) => Number(row['2020']) >= 10_000).length;
    expect(megacities).toBe(34);
    expect(map.wide.svg).toContain(`10 million or more (${megacities})`);
    expect(map.description).toContain(`${megacities} have 10 million or more`);
  });
});

describe('Figure 1', () => {
  const figure = chart('urban-rural-population');

  it.each(['wide', 'narrow'] as const)('shades its %s drawing from the base year (2014), where the projections begin', (size) => {
    const svg = figure[size].svg;
    const shadeStart = Number(svg.match(/<rect x="([\d.]+)"[^>]*opacity="0.6"/)?.[1]);
    const baseTick = Number(svg.match(new RegExp(`<text x="([\\d.]+)"[^>]*>${figureOne.baseYear}</text>`))?.[1]);
    expect(figureOne.baseYear).toBe(2014);
    expect(shadeStart).toBeCloseTo(baseTick, 1);
  });

  it('marks the projected rows of its table', () => {
    expect(figure.table.rows.map((row) => row[0])).toEqual([1950, 1970, 1990, 2014, '2030 (projected)', '2050 (projected)']);
  });
});
