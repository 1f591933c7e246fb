import type { Chart } from './chart.ts';
import { urbanRuralPopulation } from './urban-rural-population.ts';
import { worldCities } from './world-cities.ts';

/** Every chart a chapter can show with <Figure chart="…">, drawn once per build. */
export const charts: Record<string, () => Chart> = {
  'world-cities': worldCities,
  'urban-rural-population': urbanRuralPopulation,
};

const drawn = new Map<string, Chart>();

export function chart(name: string): Chart {
  const draw = charts[name];
  if (!draw) throw new Error(`There is no chart "${name}". The charts are: ${Object.keys(charts).join(', ')}.`);
  if (!drawn.has(name)) drawn.set(name, draw());
  return drawn.get(name)!;
}

/** The file of a chart's drawing under /figures/: world-cities.svg (wide), world-cities.narrow.svg. */
export const drawingFile = (name: string, size: 'wide' | 'narrow'): string => (size === 'wide' ? `${name}.svg` : `${name}.narrow.svg`);
