import { geoEqualEarth, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json' with { type: 'json' };
import cities from '../data/figures/cities.json' with { type: 'json' };
import { type Chart, chartStyle, escapeXml, formatNumber, paint } from './chart.ts';

const width = 960;
const height = 540;
const mapHeight = 440;

/** The size classes of the UN World Urbanization Prospects 2018, smallest first, with a circle radius each. */
const classes = [
  { label: '300,000 to 500,000', min: 300_000, radius: 1.6 },
  { label: '500,000 to 1 million', min: 500_000, radius: 2.4 },
  { label: '1 to 5 million', min: 1_000_000, radius: 3.6 },
  { label: '5 to 10 million', min: 5_000_000, radius: 6 },
  { label: '10 million or more', min: 10_000_000, radius: 8.5 },
] as const;

type City = [name: string, country: string, lon: number, lat: number, population: number];

const sizeClass = (population: number) => classes.findLast((k) => population >= k.min) ?? classes[0];

/** The five countries with the most cities on the map, as 'CN (250)'. */
function topCountries(rows: City[]): string[] {
  const perCountry = new Map<string, number>();
  for (const [, country] of rows) perCountry.set(country, (perCountry.get(country) ?? 0) + 1);
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return [...perCountry]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([code, n]) => `${names.of(code) ?? code} (${n})`);
}

/** Map 1: every city of 300,000 people or more, drawn by size class on an Equal Earth projection. */
export function worldCities(): Chart {
  const topology = countries as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const projection = geoEqualEarth().fitExtent(
    [
      [8, 8],
      [width - 8, mapHeight - 8],
    ],
    land,
  );
  const path = geoPath(projection).digits(1);
  const rows = cities.rows as City[];

  // Small circles first, so the largest cities are drawn on top.
  const dots = [...rows]
    .reverse()
    .map(([, , lon, lat, population]) => {
      const [px, py] = projection([lon, lat]) ?? [0, 0];
      return `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="${sizeClass(population).radius}"/>`;
    })
    .join('');
  const counts = classes.map((k) => ({ ...k, count: rows.filter(([, , , , p]) => sizeClass(p) === k).length }));
  const legend = counts
    .map(
      (k, i) =>
        `<g transform="translate(${40 + (i % 3) * 310} ${mapHeight + 44 + Math.floor(i / 3) * 28})"><circle r="${k.radius}" ${paint({ fill: 'accent' })} fill-opacity="0.7"/><text x="14" y="5">${k.label} (${formatNumber(k.count)})</text></g>`,
    )
    .join('');
  const largest = rows.slice(0, 5).map(([name, , , , p]) => `${name} (${(p / 1e6).toFixed(1)} million)`);
  const description =
    `World map of the ${formatNumber(rows.length)} cities with 300,000 inhabitants or more, each a circle sized by population class. ` +
    `${counts.map((k) => `${formatNumber(k.count)} cities have ${k.label}`).join('; ')}. ` +
    `The countries with the most of them are ${topCountries(rows).join(', ')}. ` +
    `The largest by GeoNames' city-proper counts are ${largest.join(', ')}.`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="16" ${paint({ fill: 'text' })}>` +
    `<title id="t">Cities of the world by population size</title><desc id="d">${escapeXml(description)}</desc>${chartStyle}` +
    `<rect width="${width}" height="${height}" ${paint({ fill: 'background' })}/>` +
    `<path d="${path(land)}" ${paint({ fill: 'land' })}/><path d="${path(borders)}" fill="none" ${paint({ stroke: 'background' })} stroke-width="0.6"/>` +
    `<g ${paint({ fill: 'accent', stroke: 'background' })} fill-opacity="0.55" stroke-width="0.4">${dots}</g>` +
    `<text x="32" y="${mapHeight + 18}" ${paint({ fill: 'muted' })}>City population (number of cities)</text>${legend}</svg>`;
  return {
    width,
    height,
    svg,
    description,
    table: {
      columns: ['City', 'Country (ISO code)', 'Population (GeoNames)'],
      rows: rows.filter(([, , , , p]) => p >= 5_000_000).map(([name, country, , , p]) => [name, country, formatNumber(p)]),
    },
  };
}
