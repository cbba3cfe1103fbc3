import { Session } from 'node:inspector/promises';
import { getHeapSnapshot } from 'node:v8';
import express, { type Express } from 'express';
import type { Registry } from 'prom-client';

/** Longest CPU profile one request may ask for, in seconds. */
export const MAX_PROFILE_SECONDS = 60;

/**
 * The operations listener of `--sharedservice.profilerPort`: `GET /metrics` (Prometheus text format
 * of `registry`) and, with `profiler` (`--sharedservice.profiler.enabled`):
 * - `GET /debug/pprof/profile?seconds=N` (1 to 60, default 30): a CPU profile of the server process
 *   over N seconds, taken with node:inspector, as a `.cpuprofile` JSON document (open it in Chrome
 *   DevTools' Performance panel or speedscope); one at a time, 409 while another runs;
 * - `GET /debug/pprof/heap`: a V8 heap snapshot (`.heapsnapshot`, DevTools' Memory panel). Taking it
 *   pauses the process for about as long as the heap is large.
 * Nothing here is authenticated: bind it to a private interface or keep the profiler off.
 */
export function createOpsApp(options: { registry: Registry; profiler: boolean }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', options.registry.contentType).send(await options.registry.metrics());
  });
  if (options.profiler) {
    let profiling = false;
    app.get('/debug/pprof/profile', async (req, res) => {
      const raw = req.query.seconds === undefined ? '30' : String(req.query.seconds);
      const seconds = Number(raw);
      if (!/^\d+$/.test(raw) || seconds < 1 || seconds > MAX_PROFILE_SECONDS) {
        res.status(400).json({ error: `seconds must be a whole number from 1 to ${MAX_PROFILE_SECONDS}` });
        return;
      }
      if (profiling) {
        res.status(409).json({ error: 'a CPU profile is already being taken; try again when it ends' });
        return;
      }
      profiling = true;
      const session = new Session();
      session.connect();
      try {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        const { profile } = await session.post('Profiler.stop');
        res
          .set('Content-Disposition', 'attachment; filename="orch-admin.cpuprofile"')
          .type('application/json')
          .send(JSON.stringify(profile));
      } finally {
        session.disconnect();
        profiling = false;
      }
    });
    app.get('/debug/pprof/heap', (_req, res) => {
      res
        .set('Content-Disposition', 'attachment; filename="orch-admin.heapsnapshot"')
        .type('application/json');
      getHeapSnapshot().pipe(res);
    });
  }
  app.use((_req, res) => {
    res
      .status(404)
      .json({ error: options.profiler ? 'see /metrics and /debug/pprof/{profile,heap}' : 'see /metrics' });
  });
  return app;
}
