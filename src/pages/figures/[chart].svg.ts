import type { APIRoute, GetStaticPaths } from 'astro';
import { chart, charts, drawingFile } from '../../figures/chart-list.ts';

// Each drawing of a chart is its own SVG file: the page stays light, and the browser fetches only the one its window
// shows, when scrolled near.
export const getStaticPaths = (() =>
  Object.keys(charts).flatMap((name) =>
    (['wide', 'narrow'] as const).map((size) => ({ params: { chart: drawingFile(name, size).slice(0, -'.svg'.length) }, props: { name, size } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute<{ name: string; size: 'wide' | 'narrow' }> = ({ props }) =>
  new Response(chart(props.name)[props.size].svg, { headers: { 'Content-Type': 'image/svg+xml' } });
