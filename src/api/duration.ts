/**
 * Go-style durations (`1h0m0s`, `15s`, `250ms`, `1.5h`), the form every duration flag and workflow
 * field takes (DESIGN.md, "Configuration").
 */

const UNIT_SECONDS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Thrown by {@link parseDuration} for text that is not a Go-style duration. */
export class DurationSyntaxError extends Error {
  constructor(readonly text: string) {
    super(`invalid duration ${JSON.stringify(text)}: expected a number and unit such as 30s, 5m0s or 1h30m`);
    this.name = 'DurationSyntaxError';
  }
}

/**
 * Parses a Go-style duration into seconds.
 * @returns the duration in seconds (fractions allowed; never negative unless written with `-`).
 * @throws DurationSyntaxError when the text is not a duration (a bare number other than 0 needs a unit).
 */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const match = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(trimmed);
  if (!match) throw new DurationSyntaxError(text);
  let total = 0;
  for (const [, amount, unit = ''] of trimmed
    .replace(/^[-+]/, '')
    .matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(amount) * (UNIT_SECONDS[unit] ?? Number.NaN);
  }
  return match[1] === '-' ? -total : total;
}

/** Formats seconds the way Go prints a duration: `1h0m0s`, `15s`, `1.5s`, `0s`. */
export function formatDuration(totalSeconds: number): string {
  if (totalSeconds === 0) return '0s';
  const sign = totalSeconds < 0 ? '-' : '';
  let rest = Math.abs(totalSeconds);
  if (rest < 1) return `${sign}${Number((rest * 1000).toFixed(6))}ms`;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  rest -= minutes * 60;
  const seconds = `${Number(rest.toFixed(9))}s`;
  if (hours) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}
