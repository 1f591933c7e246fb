import data from '../data/figures/urban-rural-population.json' with { type: 'json' };
import { type Chart, type ChartColor, chartStyle, type Drawing, escapeXml, paint } from './chart.ts';

const years = { from: 1950, to: 2050 };
const maxBillions = 7;

const series = [
  { key: 'urban', label: 'Urban population', color: 'accent', dash: '' },
  { key: 'rural', label: 'Rural population', color: 'second', dash: ' stroke-dasharray="8 5"' },
] as const satisfies readonly { key: 'urban' | 'rural'; label: string; color: ChartColor; dash: string }[];

const first = data.rows[0]!;
const base = data.rows.find((row) => row.year === data.baseYear)!;
const last = data.rows.at(-1)!;

// Where the drawn lines cross: straight between the table's years, so earlier than the year the UN gives.
const drawnCrossing = (() => {
  const gap = (row: (typeof data.rows)[number]) => row.urban - row.rural;
  const i = data.rows.findIndex((row, index) => index > 0 && gap(data.rows[index - 1]!) < 0 && gap(row) >= 0);
  const [before, after] = [data.rows[i - 1]!, data.rows[i]!];
  return Math.round(before.year + ((after.year - before.year) * -gap(before)) / (gap(after) - gap(before)));
})();

const description =
  `Line chart of the world’s urban and rural population from ${first.year} to ${last.year}, in billions; values after ${base.year} are projections. ` +
  `The urban population rises from ${first.urban} billion in ${first.year} to ${base.urban} billion in ${base.year} and a projected ${last.urban} billion in ${last.year}. ` +
  `The rural population grows from ${first.rural} to ${base.rural} billion, then levels off and is projected to fall to ${last.rural} billion. ` +
  `Drawn as straight lines between these years, the urban line overtakes the rural one near ${drawnCrossing}; the UN dates the crossing to ${data.crossing.year}.`;

/** The chart at a size; the text is `fontSize` in the drawing's own pixels, the margins grow with it. */
function draw(width: number, height: number, fontSize: number, legendColumns: 1 | 2): Drawing {
  const legendRows = series.length / legendColumns;
  const plot = { left: fontSize * 3.2, right: fontSize * 1.6, top: fontSize * (1.6 + 1.6 * legendRows), bottom: fontSize * 3.6 };
  const x = (year: number) => plot.left + ((year - years.from) / (years.to - years.from)) * (width - plot.left - plot.right);
  const y = (billions: number) => height - plot.bottom - (billions / maxBillions) * (height - plot.top - plot.bottom);
  const line = (key: 'urban' | 'rural') =>
    data.rows.map((row, i) => `${i === 0 ? 'M' : 'L'}${x(row.year).toFixed(1)} ${y(row[key]).toFixed(1)}`).join(' ');
  const gridLines = Array.from({ length: maxBillions + 1 }, (_, b) => b)
    .map(
      (b) =>
        `<line x1="${plot.left}" x2="${width - plot.right}" y1="${y(b)}" y2="${y(b)}" ${paint({ stroke: 'grid' })}/><text x="${plot.left - fontSize * 0.6}" y="${y(b) + fontSize * 0.35}" text-anchor="end">${b}</text>`,
    )
    .join('');
  const yearTicks = data.rows
    .map((row) => `<text x="${x(row.year)}" y="${height - plot.bottom + fontSize * 1.5}" text-anchor="middle">${row.year}</text>`)
    .join('');
  // Everything after the base year is projected: the shading starts there, not at the next point.
  const projection =
    `<rect x="${x(base.year)}" y="${plot.top}" width="${x(years.to) - x(base.year)}" height="${height - plot.top - plot.bottom}" ${paint({ fill: 'land' })} opacity="0.6"/>` +
    `<text x="${x(years.to) - 6}" y="${plot.top + fontSize * 1.2}" text-anchor="end" ${paint({ fill: 'muted' })}>projections</text>`;
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
        `<g transform="translate(${plot.left + (i % legendColumns) * fontSize * 12} ${fontSize * (1.2 + 1.6 * Math.floor(i / legendColumns))})"><line x1="0" x2="32" y1="0" y2="0" ${paint({ stroke: s.color })} stroke-width="3"${s.dash}/><text x="40" y="${fontSize * 0.35}">${s.label}</text></g>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="${fontSize}" ${paint({ fill: 'text' })}>` +
    `<title id="t">World urban and rural population, ${years.from}–${years.to}</title><desc id="d">${escapeXml(description)}</desc>${chartStyle}` +
    `<rect width="${width}" height="${height}" ${paint({ fill: 'background' })}/>${projection}${gridLines}${yearTicks}${lines}${legend}` +
    `<text transform="translate(${fontSize} ${(plot.top + height - plot.bottom) / 2}) rotate(-90)" text-anchor="middle" ${paint({ fill: 'muted' })}>Billions of people</text>` +
    `<text x="${(plot.left + width - plot.right) / 2}" y="${height - fontSize * 0.7}" text-anchor="middle" ${paint({ fill: 'muted' })}>Year</text></svg>`;
  return { width, height, svg };
}

/** Figure 1: the world's urban and rural population, 1950–2050 (UN World Urbanization Prospects 2014). */
export function urbanRuralPopulation(): Chart {
  return {
    wide: draw(720, 420, 18, 2),
    narrow: draw(480, 420, 22, 1),
    description,
    table: {
      holds: `the world’s urban and rural population in ${data.rows
        .slice(0, -1)
        .map((row) => row.year)
        .join(', ')} and ${last.year}`,
      columns: ['Year', 'Urban population (billions)', 'Rural population (billions)'],
      rows: data.rows.map((row) => [row.year <= data.baseYear ? row.year : `${row.year} (projected)`, row.urban, row.rural]),
    },
  };
}
