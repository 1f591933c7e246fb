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

  it('says where its drawn lines cross, read off the drawing, and the year the UN gives for the crossing', () => {
    const svg = figure.wide.svg;
    const [urban, rural] = [...svg.matchAll(/<path d="([^"]+)" fill="none"/g)].map(([, d]) =>
      [...d!.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map(([, x, y]) => ({ x: Number(x), y: Number(y) })),
    );
    const tick = (year: number) => Number(svg.match(new RegExp(`<text x="([\\d.]+)"[^>]*>${year}</text>`))?.[1]);
    // On screen y grows downwards: the urban line is above the rural one once its y is smaller.
    const i = urban!.findIndex((point, index) => index > 0 && point.y <= rural![index]!.y && urban![index - 1]!.y > rural![index - 1]!.y);
    const [a, b, c, d] = [urban![i - 1]!, urban![i]!, rural![i - 1]!, rural![i]!];
    const t = (c.y - a.y) / (b.y - a.y - (d.y - c.y));
    const x = a.x + t * (b.x - a.x);
    const year = 1950 + ((x - tick(1950)) / (tick(2050) - tick(1950))) * 100;
    expect(figure.description).toContain(`overtakes the rural one near ${Math.round(year)}`);
    expect(figure.description).toContain(`the UN dates the crossing to ${figureOne.crossing.year}`);
    expect(Math.round(year)).toBeLessThan(figureOne.crossing.year);
  });

  it('marks the projected rows of its table', () => {
    expect(figure.table.rows.map((row) => row[0])).toEqual([1950, 1970, 1990, 2014, '2030 (projected)', '2050 (projected)']);
  });
});
