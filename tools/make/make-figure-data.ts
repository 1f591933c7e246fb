/**
 * Writes src/data/figures/cities.json, the data of Map 1: the 1,860 urban agglomerations of 300,000 people or more
 * in 2018 of the UN's World Urbanization Prospects 2018 (File 12), with their positions and their 2020 population.
 * The UN's file is not in the repository (it is CC BY 3.0 IGO, kept beside the project in ../shared/data).
 * Run with `npm run make:figure-data [-- path/to/WUP2018-F12-Cities_Over_300K.csv]`; the output is committed,
 * so builds need neither the file nor the network.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { csvParse } from 'd3-dsv';

const csv = process.argv[2] ?? new URL('../../../shared/data/WUP2018-F12-Cities_Over_300K.csv', import.meta.url).pathname;
/** The year whose sizes the map draws: the file's next to its 2018 selection (it has no 2018 column; 2020 is a projection). */
const year = '2020';

const rows = csvParse(readFileSync(csv, 'utf8'), (row, i) => {
  const values = [row['Urban Agglomeration'], row['Country or area'], row.Longitude, row.Latitude, row[year]];
  if (values.some((value) => value === undefined || value === ''))
    throw new Error(`${csv}: row ${i + 2} lacks a name, country, position or ${year} population.`);
  const [name, country, lon, lat, thousands] = values as [string, string, string, string, string];
  return [name, country, Number(lon), Number(lat), Math.round(Number(thousands) * 1000)] as const;
}).sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]));

const data = {
  source:
    'United Nations, Department of Economic and Social Affairs, Population Division (2018). World Urbanization Prospects: The 2018 Revision, File 12: Population of Urban Agglomerations with 300,000 Inhabitants or More in 2018, by Country, 1950-2035. CC BY 3.0 IGO.',
  // The author check holds it to the book's licence (integrations/check/rules/licences.ts).
  licence: 'CC BY 3.0 IGO',
  note: `Urban agglomerations of 300,000 inhabitants or more in 2018; populations are the UN's figures for ${year} (projected in 2018).`,
  year: Number(year),
  columns: ['name', 'country', 'longitude', 'latitude', 'population'],
  rows,
};

const out = new URL('../../src/data/figures/cities.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(data)}\n`);
console.log(`${rows.length} urban agglomerations written to ${out.pathname}, sized by their ${year} population`);
