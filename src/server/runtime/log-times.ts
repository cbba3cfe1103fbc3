import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

// When each line of an attempt's log was written. A runtime writes the log itself unchanged
// (`stdout.log`, what the CLI and the download print) and beside it a line-time index
// (`stdout.times`): one text line `<byte offset> <epoch milliseconds>` per log line, the offset of
// the line's first byte in the log. The local runtime stamps a line when its first bytes arrive;
// the docker and swarm runtimes ask the engine for its own timestamps (`timestamps=true`), which
// stay right when a re-attached or finished job's log is read again from its start.

/** The time of one log line: its first byte's offset in the log (bytes) and when it was written (ms since the epoch). */
export interface LineTime {
  offset: number;
  at: number;
}

/** The index file beside a stream's log (`stdout.log` -> `stdout.times`). */
export const timesFileOf = (stream: 'stdout' | 'stderr') => `${stream}.times`;

/** An engine's timestamp prefix: RFC 3339 with up to nanoseconds, then one space. */
const ENGINE_STAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)) /;

/**
 * Writes a log and its line-time index. {@link write} appends bytes to the log and an index line
 * for every line that starts in them. With `engineStamps`, each chunk is one engine log message
 * starting with its timestamp (Docker's `timestamps=true`; a line longer than the engine's buffer
 * comes as several messages, each stamped): the stamp is taken off and used as the time.
 */
export class TimedLog {
  private offset = 0;
  private atLineStart = true;

  /**
   * @param log where the log's bytes go, unchanged.
   * @param times where the index goes (`<offset> <ms>\n` lines).
   * @param engineStamps whether chunks carry an engine's timestamp prefix.
   * @param now the clock for chunks without a stamp, ms since the epoch.
   */
  constructor(
    private readonly log: Writable,
    private readonly times: Writable,
    private readonly engineStamps = false,
    private readonly now: () => number = Date.now,
  ) {}

  /** Appends one chunk (one engine message with `engineStamps`); returns the bytes the log got. */
  write(chunk: Buffer): Buffer {
    let bytes = chunk;
    let at = this.now();
    if (this.engineStamps) {
      const head = bytes.subarray(0, 48).toString('latin1');
      const stamp = ENGINE_STAMP.exec(head);
      const parsed = stamp?.[1] ? Date.parse(stamp[1]) : Number.NaN;
      if (stamp && !Number.isNaN(parsed)) {
        at = parsed;
        bytes = bytes.subarray(stamp[0].length);
      }
    }
    if (!bytes.length) return bytes;
    let index = '';
    if (this.atLineStart) index += `${this.offset} ${at}\n`;
    for (let i = bytes.indexOf(10); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(10, i + 1)) {
      index += `${this.offset + i + 1} ${at}\n`;
    }
    this.atLineStart = bytes[bytes.length - 1] === 10;
    this.offset += bytes.length;
    if (!this.times.writableEnded) this.times.write(index);
    if (!this.log.writableEnded) this.log.write(bytes);
    return bytes;
  }
}

/**
 * Reads a line-time index (`<offset> <ms>` lines, see {@link TimedLog}); malformed lines (a cut
 * first line of an index's tail, a torn last line) are skipped. Sorted by offset as written.
 */
export function parseLineTimes(text: string): LineTime[] {
  const times: LineTime[] = [];
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const offset = Number(line.slice(0, space));
    const at = Number(line.slice(space + 1));
    if (Number.isSafeInteger(offset) && offset >= 0 && Number.isSafeInteger(at) && at > 0) {
      times.push({ offset, at });
    }
  }
  return times;
}

/** The index lines of `times` moved by `shift` bytes, those before `from` left out (for a log's stored tail). */
export function shiftLineTimes(times: readonly LineTime[], from: number, shift: number): string {
  return times
    .filter((t) => t.offset >= from)
    .map((t) => `${t.offset + shift} ${t.at}\n`)
    .join('');
}

/** A piece of log text: a line's start with its time, or text without one (a line's rest, an unindexed log). */
export interface TimedText {
  at?: number;
  text: string;
}

/**
 * Splits log bytes into pieces at the lines `times` knows, each with its time; `base` is the
 * offset of `bytes[0]` in the log the index describes. Pieces start at line starts, so each
 * decodes as UTF-8 on its own.
 */
export function timedPieces(bytes: Buffer, times: readonly LineTime[], base = 0): TimedText[] {
  const pieces: TimedText[] = [];
  let from = 0;
  let at: number | undefined;
  for (const t of times) {
    const cut = t.offset - base;
    if (cut < from || cut >= bytes.length) continue;
    if (cut > from) pieces.push(piece(bytes.subarray(from, cut), at));
    from = cut;
    at = t.at;
  }
  if (from < bytes.length) pieces.push(piece(bytes.subarray(from), at));
  return pieces;
}

const piece = (bytes: Buffer, at: number | undefined): TimedText =>
  at === undefined ? { text: bytes.toString('utf8') } : { at, text: bytes.toString('utf8') };

/**
 * A stream's log file and its line-time index in an attempt's folder, opened for writing
 * (truncated). `end` closes both and resolves once they are on disk.
 */
export function openTimedLog(
  dir: string,
  stream: 'stdout' | 'stderr',
  engineStamps = false,
): { log: TimedLog; end: () => Promise<void> } {
  const file = createWriteStream(join(dir, `${stream}.log`));
  const times = createWriteStream(join(dir, timesFileOf(stream)));
  file.on('error', () => undefined);
  times.on('error', () => undefined);
  return {
    log: new TimedLog(file, times, engineStamps),
    end: async () => {
      file.end();
      times.end();
      await Promise.all([finished(file), finished(times)]).catch(() => undefined);
    },
  };
}

/** The blob key of a stored log's line-time index: the log's key with `.times` for `.log`. */
export const attemptTimesKey = (logKey: string) => `${logKey.replace(/\.log$/, '')}.times`;
