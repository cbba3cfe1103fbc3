import { describe, expect, test } from '@jest/globals';
import { QueueFullError, taskCacheSettings, WorkQueue } from '../../../src/server/executor/cache.js';
import { waitUntil } from '../../helpers/wait.js';

const settings = { maxItems: 3, maxRetries: 2, workers: 2 };

describe('the task cache work queue', () => {
  test('runs at most `workers` operations at once and refuses more than `maxItems`', async () => {
    const queue = new WorkQueue(settings);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const op = () =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return 'done';
      });
    const accepted = [op(), op(), op()];
    await expect(op()).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.size).toBe(3);
    // Release the operations one at a time, each once it has started (the third when a worker is free).
    for (const _ of accepted) {
      await waitUntil(() => releases.length > 0, { what: 'the next operation to start', intervalMs: 1 });
      releases.shift()?.();
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  test('retries a failing operation up to maxRetries times, then gives its error', async () => {
    const queue = new WorkQueue(settings);
    let tries = 0;
    await expect(
      queue.run(async () => {
        tries += 1;
        throw new Error('database is locked');
      }),
    ).rejects.toThrow('database is locked');
    expect(tries).toBe(3);
    let flaky = 0;
    expect(
      await queue.run(async () => {
        flaky += 1;
        if (flaky < 3) throw new Error('once more');
        return flaky;
      }),
    ).toBe(3);
  });

  test('settings name the flag that is out of range', () => {
    const ok = { maxItems: 10000, maxRetries: 3, workers: 10 };
    expect(taskCacheSettings({ reader: ok, writer: ok })).toEqual({ reader: ok, writer: ok });
    expect(() => taskCacheSettings({ reader: ok, writer: { ...ok, workers: 0 } })).toThrow(
      '--plugins.catalogcache.writer.workers must be a whole number of 1 or more',
    );
  });
});
