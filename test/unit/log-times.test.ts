import { PassThrough } from 'node:stream';
import { describe, expect, test } from '@jest/globals';
import { parseLineTimes, shiftLineTimes, TimedLog, timedPieces } from '../../src/server/runtime/log-times.js';

/** A TimedLog into memory; `text()` gives the log and its index. */
function memoryLog(engineStamps: boolean, clock: () => number = () => 0) {
  const log = new PassThrough();
  const times = new PassThrough();
  const chunks = { log: [] as Buffer[], times: [] as Buffer[] };
  log.on('data', (c: Buffer) => chunks.log.push(c));
  times.on('data', (c: Buffer) => chunks.times.push(c));
  return {
    timed: new TimedLog(log, times, engineStamps, clock),
    log: () => Buffer.concat(chunks.log),
    times: () => Buffer.concat(chunks.times).toString(),
  };
}

describe('line times of a log', () => {
  test('each line is stamped when its first bytes arrive; the log is unchanged', () => {
    let now = 1000;
    const m = memoryLog(false, () => now);
    m.timed.write(Buffer.from('one\ntw'));
    now = 2000;
    m.timed.write(Buffer.from('o\nthree\n'));
    now = 3000;
    m.timed.write(Buffer.from('four'));
    expect(m.log().toString()).toBe('one\ntwo\nthree\nfour');
    expect(parseLineTimes(m.times())).toEqual([
      { offset: 0, at: 1000 },
      { offset: 4, at: 1000 },
      { offset: 8, at: 2000 },
      { offset: 14, at: 3000 },
    ]);
    expect(timedPieces(m.log(), parseLineTimes(m.times()))).toEqual([
      { at: 1000, text: 'one\n' },
      { at: 1000, text: 'two\n' },
      { at: 2000, text: 'three\n' },
      { at: 3000, text: 'four' },
    ]);
  });

  test("an engine's stamps are taken off and used; a long line's later parts keep its first time", () => {
    const m = memoryLog(true);
    const bytes = m.timed.write(Buffer.from('2026-11-27T09:00:00.123456789Z first\n'));
    expect(bytes.toString()).toBe('first\n');
    m.timed.write(Buffer.from('2026-11-27T09:00:01.000000000Z a long line, '));
    m.timed.write(Buffer.from('2026-11-27T09:00:02.000000000Z its end\n'));
    expect(m.log().toString()).toBe('first\na long line, its end\n');
    expect(parseLineTimes(m.times())).toEqual([
      { offset: 0, at: Date.parse('2026-11-27T09:00:00.123Z') },
      { offset: 6, at: Date.parse('2026-11-27T09:00:01Z') },
    ]);
  });

  test("a stored log's tail keeps the times of the lines it holds, moved to its offsets", () => {
    const times = parseLineTimes('0 10\n5 20\n9 30\ngarbage\n12');
    expect(times).toEqual([
      { offset: 0, at: 10 },
      { offset: 5, at: 20 },
      { offset: 9, at: 30 },
    ]);
    expect(shiftLineTimes(times, 5, 3 - 5)).toBe('3 20\n7 30\n');
    // A piece of the log from offset 7: the part of a line before the next known start has no time.
    expect(timedPieces(Buffer.from('e\nlast\n'), times, 7)).toEqual([
      { text: 'e\n' },
      { at: 30, text: 'last\n' },
    ]);
  });
});
