import { InvalidArgumentError } from 'commander';
import { DurationSyntaxError, parseDuration } from '../api/duration.js';
import { parseQuantity } from './quantity.js';

/**
 * Parsers of the servers' own command-line options (`orch-webhook`, `orch-bot`), for commander's
 * `option(flags, description, parser)`. Each throws commander's InvalidArgumentError, which commander
 * prints as `error: option '<flag>' argument '<value>' is invalid. <message>`.
 */

/** A TCP port, 0 to 65535 (0: the system picks a free one). */
export function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new InvalidArgumentError(`"${value}" is not a port number (0-65535)`);
  }
  return Number(value);
}

/** A whole number, 0 or more. */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`"${value}" is not a whole number`);
  return Number(value);
}

/** A Go-style duration longer than 0 (`10s`, `1m0s`), in seconds. */
export function parseSeconds(value: string): number {
  try {
    const seconds = parseDuration(value);
    if (seconds <= 0) throw new InvalidArgumentError(`"${value}" must be longer than 0s`);
    return seconds;
  } catch (error) {
    if (error instanceof DurationSyntaxError) {
      throw new InvalidArgumentError(`"${value}" is not a duration such as 10s or 1m0s`);
    }
    throw error;
  }
}

/** A Kubernetes-style size of at least 1 byte (`1Mi`, `512Ki`), in whole bytes. */
export function parseSize(value: string): number {
  try {
    const bytes = parseQuantity(value);
    if (!Number.isFinite(bytes) || bytes < 1) throw new Error('too small');
    return Math.floor(bytes);
  } catch {
    throw new InvalidArgumentError(`"${value}" is not a size such as 1Mi or 512Ki`);
  }
}
