import { geoEqualEarth, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json' with { type: 'json' };
import cities from '../data/figures/cities.json' with { type: 'json' };
import { type Chart, chartStyle, type Drawing, escapeXml, formatNumber, paint } from './chart.ts';

/** The size classes of the UN World Urbanization Prospects 2018, smallest first, with a circle radius each (wide map). */
const classes = [
  { label: '300,000 to 500,000', min: 300_000, radius: 1.6 },
  { label: '500,000 to 1 million', min: 500_000, radius: 2.4 },
  { label: '1 to 5 million', min: 1_000_000, radius: 3.6 },
  { label: '5 to 10 million', min: 5_000_000, radius: 6 },
  { label: '10 million or more', min: 10_000_000, radius: 8.5 },
] as const;

type City = [name: string, country: string, lon: number, lat: number, population: number];

const rows = cities.rows as City[];
const topology = countries as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
const land = feature(topology, topology.objects.land);
const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
const sizeClass = (population: number) => classes.findLast((k) => population >= k.min) ?? classes[0];
const counts = classes.map((k) => ({ ...k, count: rows.filter(([, , , , p]) => sizeClass(p) === k).length }));
const millions = (population: number) => `${(population / 1e6).toFixed(1)} million`;

/** The five countries with the most agglomerations on the map, as 'China (416)'. */
function topCountries(): string[] {
  const perCountry = new Map<string, number>();
  for (const [, country] of rows) perCountry.set(country, (perCountry.get(country) ?? 0) + 1);
  return [...perCountry]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([country, n]) => `${country} (${n})`);
}

const description =
  `World map of the ${formatNumber(rows.length)} urban agglomerations that had 300,000 inhabitants or more in 2018, each a circle sized by its population class in ${cities.year}. ` +
  `${counts.map((k) => `${formatNumber(k.count)} have ${k.label}`).join('; ')}. ` +
  `The countries with the most of them are ${topCountries().join(', ')}. ` +
  `The largest are ${rows
    .slice(0, 5)
    .map(([name, , , , p]) => `${name} (${millions(p)})`)
    .join(', ')}.`;

/** The map and its legend at a width: `scale` sizes circles and lines, `fontSize` the legend, `columns` its layout. */
function draw(width: number, { scale, fontSize, columns }: { scale: number; fontSize: number; columns: number }): Drawing {
  const mapHeight = Math.round(width * 0.46);
  const projection = geoEqualEarth().fitExtent(
    [
      [8, 8],
      [width - 8, mapHeight - 8],
    ],
    land,
  );
  // A tenth of a pixel where the map is wide; whole pixels where it is drawn half as wide for phones.
  const digits = width >= 960 ? 1 : 0;
  const path = geoPath(projection).digits(digits);
  // Small circles first, so the largest agglomerations are drawn on top.
  const dots = [...rows]
    .reverse()
    .map(([, , lon, lat, population]) => {
      const [px, py] = projection([lon, lat]) ?? [0, 0];
      return `<circle cx="${px.toFixed(digits)}" cy="${py.toFixed(digits)}" r="${+(sizeClass(population).radius * scale).toFixed(2)}"/>`;
    })
    .join('');
  const row = Math.round(fontSize * 1.75);
  const columnWidth = (width - 32) / columns;
  const legend = counts
    .map(
      (k, i) =>
        `<g transform="translate(${Math.round(24 + (i % columns) * columnWidth)} ${mapHeight + row * (2 + Math.floor(i / columns))})"><circle cx="8" r="${+(k.radius * scale).toFixed(2)}" ${paint({ fill: 'accent' })} fill-opacity="0.7"/><text x="${fontSize + 8}" y="${Math.round(fontSize * 0.35)}">${k.label} (${formatNumber(k.count)})</text></g>`,
    )
    .join('');
  const height = mapHeight + row * (2 + Math.ceil(classes.length / columns));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="${fontSize}" ${paint({ fill: 'text' })}>` +
    `<title id="t">Urban agglomerations of the world by population size, ${cities.year}</title><desc id="d">${escapeXml(description)}</desc>${chartStyle}` +
    `<rect width="${width}" height="${height}" ${paint({ fill: 'background' })}/>` +
    `<path d="${path(land)}" ${paint({ fill: 'land' })}/><path d="${path(borders)}" fill="none" ${paint({ stroke: 'background' })} stroke-width="${0.6 * scale}"/>` +
    `<g ${paint({ fill: 'accent', stroke: 'background' })} fill-opacity="0.55" stroke-width="${0.4 * scale}">${dots}</g>` +
    `<text x="24" y="${mapHeight + row}" ${paint({ fill: 'muted' })}>Population in ${cities.year} (agglomerations)</text>${legend}</svg>`;
  return { width, height, svg };
}

/** The table's rows: the largest class alone (the map draws all 1,860). */
const largest = rows.filter(([, , , , p]) => p >= 10_000_000);

/** Map 1: the UN's urban agglomerations of 300,000 people or more, drawn by size class on an Equal Earth projection. */
export function worldCities(): Chart {
  return {
    wide: draw(960, { scale: 1, fontSize: 20, columns: 3 }),
    narrow: draw(480, { scale: 0.75, fontSize: 22, columns: 1 }),
    description,
    table: {
      holds: `the ${largest.length} agglomerations of 10 million or more in ${cities.year}`,
      columns: ['Urban agglomeration', 'Country or area', `Population in ${cities.year}`],
      rows: largest.map(([name, country, , , p]) => [name, country, formatNumber(p)]),
    },
  };
}
