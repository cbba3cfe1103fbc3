import { once } from 'node:events';
import { Command } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import { describeRuntimeError } from '../client/describe.js';
import { isLoopbackHost } from '../client/endpoint.js';
import { API_KEY_ENV, apiKeyFromEnv, createAdminClient, resolveEndpoint } from '../client/from-config.js';
import { addFlagOptions, type CliIO, flagValues, runProgram } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { loadConfig } from '../config/load.js';
import { parseCount, parsePort, parseSeconds, parseSize } from '../config/option-values.js';
import { PLATFORM_CLIENT_FLAGS, TELEMETRY_FLAGS } from '../config/registry.js';
import { parseSecretList } from '../http-edge/auth.js';
import { startObservability } from '../telemetry/setup.js';
import {
  createApp,
  DEFAULT_AUTH_FAILURE_LIMIT,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_RATE_LIMIT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type LogRecord,
} from './app.js';
import { WebhookMetrics } from './metrics.js';

/** Port the webhook listens on when neither `--port` nor `$PORT` is given (spec: app port 8080). */
export const DEFAULT_PORT = 8080;

export { isLoopbackHost };

/**
 * Checks that the webhook can authenticate to the platform: with `ORCH_API_KEY` (an API key; the
 * admin client then uses it for the `ApiKey` client-credentials flow, see `createAdminClient`), or,
 * without it, only against a local sandbox (`--orch.connection.insecure` and a loopback host).
 * @returns true when the webhook runs without platform credentials (the sandbox case).
 * @throws ConfigError naming `ORCH_API_KEY` when it is missing otherwise, or damaged (never quoting it).
 */
export function requirePlatformCredentials(config: Config, env: Record<string, string | undefined>): boolean {
  if (apiKeyFromEnv(env)) return false;
  const endpoint = resolveEndpoint(config, 'orch');
  if (config.orch.connection.insecure && isLoopbackHost(endpoint)) return true;
  throw new ConfigError(
    'not set; the webhook needs platform credentials to launch workflows ' +
      '(create one with `orch create api-key admin --name <name>`). Only a local sandbox ' +
      '(--orch.connection.insecure with a localhost --orch.connection.host) may run without it',
    API_KEY_ENV,
  );
}

const HELP_AFTER = `
Environment:
  WEBHOOK_API_KEY         keys callers send as "Authorization: Bearer <key>" (required); several,
                          comma-separated, while rotating keys
  ORCH_API_KEY            admin API key the webhook launches with (required, except against a local
                          sandbox: --orch.connection.insecure with a localhost/127.0.0.1/::1 host, where
                          the webhook starts without it and warns)
  WEBHOOK_SIGNING_SECRET  turns on signature mode: a request without Authorization is accepted when
                          X-Hub-Signature-256 is sha256=<HMAC-SHA256 of the raw body> with one of these
                          comma-separated secrets
  PORT                    port when --port is not given

Endpoints: POST /run-workflow/{project}/{domain}/{workflow_name}/{version}, POST
/run-workflow/{project}/{domain}/{workflow_name} (the active version, else the newest; the answer
names it in "version"), GET /healthz, /readyz, /metrics, /openapi.json. Logs go to stderr (--logger.*; access logs always, one line per request);
traces go where --otel.type says; SIGTERM stops accepting and lets requests in flight finish.
`;

interface WebhookOptions {
  port?: number;
  maxBodySize?: number;
  rateLimit?: number;
  rateLimitWindow?: number;
  authFailureLimit?: number;
  authFailureWindow?: number;
  requestTimeout?: number;
}

/**
 * `orch-webhook [options]`: serves {@link createApp} until SIGINT or SIGTERM, then stops accepting,
 * lets requests in flight finish (up to the request timeout plus 5 s) and closes the admin channel.
 * Reads `WEBHOOK_API_KEY`, `ORCH_API_KEY`, `WEBHOOK_SIGNING_SECRET` and `PORT` (see `--help`) and the
 * platform client flags. Resolves to the exit code: 2 for a missing key or bad configuration.
 */
export function runWebhook(argv: readonly string[], io: CliIO): Promise<number> {
  const program = addFlagOptions(
    new Command('orch-webhook')
      .description(
        'HTTP webhook that launches a registered launch plan: POST /run-workflow/{project}/{domain}/{workflow_name}/{version}',
      )
      .version(ORCH_VERSION, '--version', 'print the version')
      .option(
        '--port <port>',
        `port to listen on (default $PORT or ${DEFAULT_PORT}; 0 picks a free one)`,
        parsePort,
      )
      .option('--max-body-size <quantity>', 'largest accepted request body (default 1Mi)', parseSize)
      .option(
        '--rate-limit <n>',
        'launch requests allowed per key in each window (default 600; 0 turns the limit off)',
        parseCount,
      )
      .option('--rate-limit-window <duration>', 'window of the rate limit (default 1m0s)', parseSeconds)
      .option(
        '--auth-failure-limit <n>',
        'failed authentications allowed per client address in each window; past it the address gets 429 ' +
          '(default 20; 0 turns the limit off)',
        parseCount,
      )
      .option(
        '--auth-failure-window <duration>',
        'window of the failed-authentication limit (default 1m0s)',
        parseSeconds,
      )
      .option(
        '--request-timeout <duration>',
        'deadline of a launch request, body included: a body not in by then gets 408, a launch not ' +
          'answered by then gets 503 and its admin call is cancelled (default 10s)',
        parseSeconds,
      )
      .addHelpText('after', HELP_AFTER),
    [
      'config',
      ...PLATFORM_CLIENT_FLAGS,
      'orch.cache.maxItemsCount',
      ...TELEMETRY_FLAGS,
      'sharedservice.metrics.enableClientGrpcHistograms',
    ],
  ).action(async (opts: WebhookOptions, command: Command) => {
    const apiKeys = parseSecretList(io.env.WEBHOOK_API_KEY);
    if (apiKeys.length === 0) {
      throw new ConfigError(
        'not set; the webhook refuses to start without a key for its callers (several keys: comma-separated)',
        'WEBHOOK_API_KEY',
      );
    }
    const config = loadConfig({ flags: flagValues(command), env: io.env, home: io.home });
    const anonymous = requirePlatformCredentials(config, io.env);
    const port = opts.port ?? (io.env.PORT ? parsePort(io.env.PORT) : DEFAULT_PORT);
    const { logger, access, tracing } = startObservability(config, io.stderr, 'orch-webhook');
    // The app's records go to the process logger; its access records (`request`) to the access log.
    const log = ({ level, msg, time: _time, ...fields }: LogRecord) =>
      (msg === 'request' ? access : logger)[level](msg, fields);
    const warn = (msg: string) => logger.warn(msg);
    const metrics = new WebhookMetrics({
      processMetrics: true,
      clientHistograms: config.sharedservice.metrics.enableClientGrpcHistograms,
    });
    const client = createAdminClient(config, 'orch', {
      clientName: `orch-webhook/${ORCH_VERSION}`,
      warn,
      env: io.env,
      home: io.home,
      metrics: metrics.client,
    });
    if (anonymous) {
      warn('ORCH_API_KEY is not set: launching without platform credentials (local sandbox only)');
    }
    const requestTimeoutMs = opts.requestTimeout ? opts.requestTimeout * 1000 : DEFAULT_REQUEST_TIMEOUT_MS;
    const app = createApp({
      client,
      apiKeys,
      signingSecrets: parseSecretList(io.env.WEBHOOK_SIGNING_SECRET),
      log,
      maxBodyBytes: opts.maxBodySize ?? DEFAULT_MAX_BODY_BYTES,
      cacheMaxItems: config.orch.cache.maxItemsCount,
      rateLimit:
        opts.rateLimit === 0
          ? false
          : {
              limit: opts.rateLimit ?? DEFAULT_RATE_LIMIT.limit,
              windowMs: opts.rateLimitWindow ? opts.rateLimitWindow * 1000 : DEFAULT_RATE_LIMIT.windowMs,
            },
      authFailureLimit:
        opts.authFailureLimit === 0
          ? false
          : {
              limit: opts.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT.limit,
              windowMs: opts.authFailureWindow
                ? opts.authFailureWindow * 1000
                : DEFAULT_AUTH_FAILURE_LIMIT.windowMs,
            },
      requestTimeoutMs,
      metrics,
    });
    const server = app.listen(port);
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => {
        throw error;
      }),
    ]);
    // The app answers 408 at the request deadline itself (with a JSON body); Node's own request
    // timeout (checked every 30 s, answered without a body) stays only as a backstop.
    server.requestTimeout = requestTimeoutMs + 30_000;
    const address = server.address();
    const boundPort = typeof address === 'object' && address !== null ? address.port : port;
    io.stdout.write(`orch-webhook listening on http://localhost:${boundPort}\n`);
    const signal = await io.interrupted;
    logger.warn('shutting down', { signal });
    app.beginShutdown();
    const closed = new Promise((resolve) => server.close(resolve));
    // Connections become idle as their last request finishes; close each one then.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), requestTimeoutMs + 5000);
    await closed;
    clearInterval(sweep);
    clearTimeout(force);
    client.close();
    await tracing.shutdown();
  });
  return runProgram(program, argv, io, describeRuntimeError);
}
