import { inspect } from 'node:util';

/**
 * A secret input (an API key, a secret's value). Its text comes out only through {@link reveal};
 * every other way of turning it into text (`String()`, template literals, `JSON.stringify`,
 * `util.inspect`, console output) gives `***`, so a settings object can be logged without leaking it.
 */
export class SecretValue {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  /** The secret itself, for the one call that needs it. */
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '***';
  }
  toJSON(): string {
    return '***';
  }
  [inspect.custom](): string {
    return 'SecretValue(***)';
  }
}

/**
 * The strings to mask for a secret: the value and each of its non-blank lines (the runner masks per
 * line, so a multi-line secret must be registered line by line too).
 */
export function maskableParts(value: string): string[] {
  const lines = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return [...new Set([value, ...lines])].filter((part) => part.trim().length > 0);
}
