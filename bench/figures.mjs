// Shared by the benches: records one measured figure for `npm run bench` (bench/all.mjs), which sets
// BENCH_FIGURES to a file and prints every figure of every bench in one table at the end. Run alone, a
// bench prints its own lines and this records nothing.
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

const bench = basename(process.argv[1] ?? 'bench', '.mjs');

/**
 * Records `value` (a number, in `unit`) under `figure`. `goal` is the bound the figure should meet, as
 * text (`>= 1000`, `<= 50`); `met` is whether it does (undefined when there is no goal).
 */
export function recordFigure(figure, value, unit, goal = '', met = undefined) {
  const file = process.env.BENCH_FIGURES;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ bench, figure, value, unit, goal, met })}\n`);
}

/** `recordFigure` with a numeric goal: `at least` (>=) or `at most` (<=) `bound`. */
export function recordAgainst(figure, value, unit, kind, bound) {
  const met = kind === 'at least' ? value >= bound : value <= bound;
  recordFigure(figure, value, unit, `${kind === 'at least' ? '>=' : '<='} ${bound}`, met);
}
