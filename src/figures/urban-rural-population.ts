import data from '../data/figures/urban-rural-population.json' with { type: 'json' };
import { type Chart, type ChartColor, chartStyle, escapeXml, paint } from './chart.ts';

const width = 720;
const height = 420;
const plot = { left: 64, right: 24, top: 24, bottom: 64 };
const years = { from: 1950, to: 2050 };
const maxBillions = 7;

const x = (year: number) => plot.left + ((year - years.from) / (years.to - years.from)) * (width - plot.left - plot.right);
const y = (billions: number) => height - plot.bottom - (billions / maxBillions) * (height - plot.top - plot.bottom);

const series = [
  { key: 'urban', label: 'Urban population', color: 'accent', dash: '' },
  { key: 'rural', label: 'Rural population', color: 'second', dash: ' stroke-dasharray="8 5"' },
] as const satisfies readonly { key: 'urban' | 'rural'; label: string; color: ChartColor; dash: string }[];

function line(key: 'urban' | 'rural'): string {
  return data.rows.map((row, i) => `${i === 0 ? 'M' : 'L'}${x(row.year).toFixed(1)} ${y(row[key]).toFixed(1)}`).join(' ');
}

/** Figure 1: the world's urban and rural population, 1950-2050 (UN World Urbanization Prospects 2014). */
export function urbanRuralPopulation(): Chart {
  const first = data.rows[0]!;
  const today = data.rows.find((row) => row.year === 2014)!;
  const last = data.rows.at(-1)!;
  const gridLines = Array.from({ length: maxBillions + 1 }, (_, b) => b)
    .map(
      (b) =>
        `<line x1="${plot.left}" x2="${width - plot.right}" y1="${y(b)}" y2="${y(b)}" ${paint({ stroke: 'grid' })}/><text x="${plot.left - 10}" y="${y(b) + 5}" text-anchor="end">${b}</text>`,
    )
    .join('');
  const yearTicks = data.rows
    .map((row) => `<text x="${x(row.year)}" y="${height - plot.bottom + 24}" text-anchor="middle">${row.year}</text>`)
    .join('');
  const projection = `<rect x="${x(data.projectedFrom - 8)}" y="${plot.top}" width="${x(years.to) - x(data.projectedFrom - 8)}" height="${height - plot.top - plot.bottom}" ${paint({ fill: 'land' })} opacity="0.6"/><text x="${x(years.to) - 6}" y="${plot.top + 18}" text-anchor="end" ${paint({ fill: 'muted' })}>projections</text>`;
  const lines = series
    .map(
      (s) =>
        `<path d="${line(s.key)}" fill="none" ${paint({ stroke: s.color })} stroke-width="3"${s.dash}/>` +
        data.rows.map((row) => `<circle cx="${x(row.year)}" cy="${y(row[s.key])}" r="4" ${paint({ fill: s.color })}/>`).join(''),
    )
    .join('');
  const legend = series
    .map(
      (s, i) =>
        `<g transform="translate(${plot.left + 16 + i * 220} ${plot.top + 12})"><line x1="0" x2="32" y1="0" y2="0" ${paint({ stroke: s.color })} stroke-width="3"${s.dash}/><text x="40" y="5">${s.label}</text></g>`,
    )
    .join('');
  const description =
    `Line chart of the world's urban and rural population from ${first.year} to ${last.year}, in billions. ` +
    `The urban population rises from ${first.urban} billion in ${first.year} to ${today.urban} billion in ${today.year} and a projected ${last.urban} billion in ${last.year}. ` +
    `The rural population grows from ${first.rural} to ${today.rural} billion, then levels off and is projected to fall to ${last.rural} billion. ` +
    `The urban line overtakes the rural one in the 2000s.`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="14" ${paint({ fill: 'text' })}>` +
    `<title id="t">World urban and rural population, 1950-2050</title><desc id="d">${escapeXml(description)}</desc>${chartStyle}` +
    `<rect width="${width}" height="${height}" ${paint({ fill: 'background' })}/>${projection}${gridLines}${yearTicks}${lines}${legend}` +
    `<text transform="translate(18 ${(plot.top + height - plot.bottom) / 2}) rotate(-90)" text-anchor="middle" ${paint({ fill: 'muted' })}>Billions of people</text>` +
    `<text x="${(plot.left + width - plot.right) / 2}" y="${height - 14}" text-anchor="middle" ${paint({ fill: 'muted' })}>Year</text></svg>`;
  return {
    width,
    height,
    svg,
    description,
    table: {
      columns: ['Year', 'Urban population (billions)', 'Rural population (billions)'],
      rows: data.rows.map((row) => [row.year, row.urban, row.rural]),
    },
  };
}
