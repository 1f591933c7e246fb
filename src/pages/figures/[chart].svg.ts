import type { APIRoute, GetStaticPaths } from 'astro';
import { chart, charts } from '../../figures/charts.ts';

// Each chart is its own SVG file: the page stays light and the browser fetches it only when scrolled near.
export const getStaticPaths = (() => Object.keys(charts).map((name) => ({ params: { chart: name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => new Response(chart(params.chart ?? '').svg, { headers: { 'Content-Type': 'image/svg+xml' } });
