import { createPrivateKey } from 'node:crypto';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Command } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import { describeRuntimeError } from '../client/describe.js';
import { isLoopbackHost } from '../client/endpoint.js';
import {
  API_KEY_ENV,
  apiKeyFromEnv,
  clientEndpoint,
  createAdminClient,
  resolveEndpoint,
} from '../client/from-config.js';
import { addFlagOptions, type CliIO, flagValues, runProgram } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { type Config, loadConfig } from '../config/load.js';
import { parseCount, parsePort, parseSeconds, parseSize } from '../config/option-values.js';
import { PLATFORM_CLIENT_FLAGS, TELEMETRY_FLAGS } from '../config/registry.js';
import type { Logger } from '../telemetry/log.js';
import { startObservability } from '../telemetry/setup.js';
import { type Bot, createBot } from './bot.js';
import { createGithubApp, installationClient } from './github-app.js';
import { DEFAULT_RECOVERY_SECONDS, scheduleRecovery } from './recovery.js';
import {
  BotMetrics,
  type BotServer,
  createBotServer,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_QUEUED,
  DEFAULT_SIGNATURE_FAILURE_LIMIT,
  DELIVERY_PATH,
} from './server.js';

/** Port the bot listens on when neither `--port` nor `$PORT` is given (the spec's app port). */
export const DEFAULT_BOT_PORT = 8080;
/**
 * Seconds the bot gives its work in flight after SIGTERM or SIGINT (deliveries already accepted,
 * the check runs and comments they write) before it abandons the GitHub requests still unanswered
 * and exits: 10 s, so that with GitHub's 10 s per request and 30 s per call the bot is gone well
 * within the 30 s a service manager (Kubernetes' default `terminationGracePeriodSeconds`, systemd's
 * `TimeoutStopSec` is 90 s) waits before SIGKILL. A check run left `in_progress` is completed by the
 * recovery sweep of the next start (`--recovery-interval`).
 */
export const SHUTDOWN_GRACE_SECONDS = 10;
/** GitHub's REST API, when neither `--github-api-url` nor `$GITHUB_API_URL` names another (GitHub Enterprise Server). */
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

/**
 * GitHub's web address for its REST API address: `https://api.github.com` → `https://github.com`;
 * an Enterprise Server's `https://<host>/api/v3` → `https://<host>`; any other address is taken as
 * both (a test's fake GitHub).
 */
export function githubWebUrl(apiUrl: string): string {
  const url = apiUrl.replace(/\/+$/, '');
  if (/^https:\/\/api\.github\.com$/i.test(url)) return 'https://github.com';
  return url.replace(/\/api\/v3$/i, '');
}

const HELP_AFTER = `
Environment:
  GITHUB_APP_ID               the GitHub App's id (or --github-app-id)
  GITHUB_APP_PRIVATE_KEY      the app's private key, PEM text (a literal \\n counts as a line break)
  GITHUB_APP_PRIVATE_KEY_FILE or the path of a file holding it (or --github-private-key-file)
  GITHUB_WEBHOOK_SECRET       the app's webhook secret: every delivery's X-Hub-Signature-256 is
                              checked with it (required)
  GITHUB_API_URL              GitHub's REST API when --github-api-url is not given
  ORCH_API_KEY                admin API key the bot registers and launches with (required, except
                              against a local sandbox: --orch.connection.insecure with a localhost host)
  PORT                        port when --port is not given

Endpoints: POST ${DELIVERY_PATH} (GitHub's deliveries), GET /healthz, /readyz, /metrics. Each
repository configures the bot in .github/orch.yaml (docs/bot.md). The private key,
the webhook secret and installation tokens are never taken from arguments and never logged.
`;

interface BotOptions {
  port?: number;
  githubApiUrl?: string;
  githubAppId?: string;
  githubPrivateKeyFile?: string;
  githubThrottle: boolean;
  maxBodySize?: number;
  maxArchiveSize?: number;
  concurrency?: number;
  maxQueued?: number;
  signatureFailureLimit?: number;
  watchTimeout?: number;
  maxFollowed?: number;
  recoveryInterval?: number;
}

/** The app's credentials, read at the edge from the environment (and a key file). */
interface AppCredentials {
  appId: string;
  privateKey: string;
  webhookSecret: string;
}

/**
 * Reads the app's id, private key and webhook secret: the id from `--github-app-id` or
 * `GITHUB_APP_ID`, the key from `GITHUB_APP_PRIVATE_KEY` or the file of `--github-private-key-file`
 * / `GITHUB_APP_PRIVATE_KEY_FILE`, the secret from `GITHUB_WEBHOOK_SECRET`.
 * @throws ConfigError naming what is missing or wrong, never quoting a secret.
 */
async function appCredentials(
  opts: BotOptions,
  env: Record<string, string | undefined>,
): Promise<AppCredentials> {
  const appId = opts.githubAppId ?? env.GITHUB_APP_ID ?? '';
  if (!/^\d+$/.test(appId)) {
    throw new ConfigError(
      appId ? 'is not a GitHub App id (digits)' : 'not set; give the GitHub App id',
      opts.githubAppId ? '--github-app-id' : 'GITHUB_APP_ID',
    );
  }
  const webhookSecret = env.GITHUB_WEBHOOK_SECRET ?? '';
  if (!webhookSecret) {
    throw new ConfigError('not set; the bot refuses deliveries it cannot verify', 'GITHUB_WEBHOOK_SECRET');
  }
  const keyFile = opts.githubPrivateKeyFile ?? env.GITHUB_APP_PRIVATE_KEY_FILE;
  let privateKey = env.GITHUB_APP_PRIVATE_KEY?.replace(/\\n/g, '\n') ?? '';
  let source = 'GITHUB_APP_PRIVATE_KEY';
  if (!privateKey && keyFile) {
    source = opts.githubPrivateKeyFile ? '--github-private-key-file' : 'GITHUB_APP_PRIVATE_KEY_FILE';
    try {
      privateKey = await readFile(keyFile, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `cannot read ${keyFile}: ${typeof error === 'object' && error && 'code' in error ? String(error.code) : 'error'}`,
        source,
      );
    }
  }
  if (!privateKey) {
    throw new ConfigError(
      'not set; give the app private key (or GITHUB_APP_PRIVATE_KEY_FILE)',
      'GITHUB_APP_PRIVATE_KEY',
    );
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new ConfigError('is not a PEM private key', source);
  }
  return { appId, privateKey, webhookSecret };
}

/**
 * Checks that the bot can authenticate to the admin: `ORCH_API_KEY`, or a local sandbox.
 * @returns true when the bot runs without platform credentials (the sandbox case).
 * @throws ConfigError naming `ORCH_API_KEY`.
 */
function requireAdminCredentials(config: Config, env: Record<string, string | undefined>): boolean {
  if (apiKeyFromEnv(env)) return false;
  if (config.orch.connection.insecure && isLoopbackHost(resolveEndpoint(config, 'orch'))) return true;
  throw new ConfigError(
    'not set; the bot needs platform credentials to register and launch (create one with ' +
      '`orch create api-key admin --name <name>`). Only a local sandbox may run without it',
    API_KEY_ENV,
  );
}

/**
 * The bot's stop after SIGTERM or SIGINT: new deliveries get 503, executions are no longer followed
 * and sweeps no longer scheduled; the accepted deliveries (and a sweep under way) get
 * {@link SHUTDOWN_GRACE_SECONDS}, after which `abandon` aborts the GitHub requests still unanswered;
 * then the server stops listening.
 */
async function shutDown(parts: {
  logger: Logger;
  app: BotServer;
  bot: Bot;
  server: HttpServer;
  recovery: { stop(): Promise<unknown> };
  abandon: AbortController;
  signal: string;
}): Promise<void> {
  const { logger, app, bot, server, recovery, abandon, signal } = parts;
  logger.warn('shutting down', { signal, grace_s: SHUTDOWN_GRACE_SECONDS });
  app.beginShutdown();
  // Executions are no longer followed: their check runs stay `in_progress` until the recovery
  // sweep of the next start completes them.
  bot.close();
  // Still listening while the accepted deliveries are handled, so that GitHub's new ones get the
  // documented 503 (and are delivered again later) rather than a refused or reset connection;
  // answers carry `Connection: close` meanwhile.
  const settled = Promise.all([app.drained(), bot.idle(), recovery.stop()]).then(() => true);
  const graceTimer = new AbortController();
  const grace = sleep(SHUTDOWN_GRACE_SECONDS * 1000, false, { signal: graceTimer.signal }).catch(() => false);
  const inTime = await Promise.race([settled, grace]);
  graceTimer.abort();
  if (!inTime) {
    logger.warn('the shutdown grace has passed; abandoning the GitHub requests still unanswered', {
      grace_s: SHUTDOWN_GRACE_SECONDS,
    });
    abandon.abort(new Error('the bot is shutting down'));
    await settled;
  }
  // Idle connections are closed as they appear.
  const closed = new Promise((resolve) => server.close(resolve));
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  await closed;
  clearInterval(sweep);
}

/**
 * `orch-bot [options]`: serves the GitHub App (see `createBotServer` and `createBot`) until SIGINT or
 * SIGTERM, then answers new deliveries 503, stops following executions, gives the deliveries it
 * accepted {@link SHUTDOWN_GRACE_SECONDS} to be handled, abandons the GitHub requests still unanswered
 * after that, and closes the admin channel. Resolves to the exit code: 2 for bad configuration.
 */
export function runBot(argv: readonly string[], io: CliIO): Promise<number> {
  const program = addFlagOptions(
    new Command('orch-bot')
      .description(
        `GitHub App that registers workflows on push and runs launch plans on pull requests, reporting through checks and comments (deliveries at POST ${DELIVERY_PATH})`,
      )
      .version(ORCH_VERSION, '--version', 'print the version')
      .option(
        '--port <port>',
        `port to listen on (default $PORT or ${DEFAULT_BOT_PORT}; 0 picks a free one)`,
        parsePort,
      )
      .option(
        '--github-api-url <url>',
        `GitHub's REST API (default $GITHUB_API_URL or ${DEFAULT_GITHUB_API_URL})`,
      )
      .option('--github-app-id <id>', 'the GitHub App id (default $GITHUB_APP_ID)')
      .option(
        '--github-private-key-file <path>',
        'file holding the app private key, PEM (default $GITHUB_APP_PRIVATE_KEY_FILE; the key itself never goes in an argument)',
      )
      .option(
        '--no-github-throttle',
        "send GitHub requests as fast as they come (default: octokit's throttling, which spaces writes as GitHub asks)",
      )
      .option(
        '--max-body-size <quantity>',
        "largest accepted delivery (default 25Mi, GitHub's own cap)",
        parseSize,
      )
      .option('--max-archive-size <quantity>', 'most bytes a commit may unpack to (default 256Mi)', parseSize)
      .option('--concurrency <n>', `deliveries handled at once (default ${DEFAULT_CONCURRENCY})`, parseCount)
      .option(
        '--max-queued <n>',
        `deliveries waiting before new ones get 503 (default ${DEFAULT_MAX_QUEUED})`,
        parseCount,
      )
      .option(
        '--signature-failure-limit <n>',
        `failed signature checks allowed per client address and minute (default ${DEFAULT_SIGNATURE_FAILURE_LIMIT}; 0 turns the limit off)`,
        parseCount,
      )
      .option(
        '--max-followed <n>',
        "executions followed at once over WatchExecution; the next ones wait for a slot (default 50; keep it under the admin's streams per connection, 100 by default)",
        parseCount,
      )
      .option(
        '--recovery-interval <duration>',
        "how often the bot looks for its check runs left in progress (on open pull requests' heads) and completes them, or follows their executions again; also once at start-up (default 5m0s; 0 turns it off)",
        parseSeconds,
      )
      .option(
        '--watch-timeout <duration>',
        'longest an execution is followed to update its check run (default 1h0m0s)',
        parseSeconds,
      )
      .addHelpText('after', HELP_AFTER),
    [
      'config',
      ...PLATFORM_CLIENT_FLAGS,
      ...TELEMETRY_FLAGS,
      'sharedservice.metrics.enableClientGrpcHistograms',
    ],
  ).action(async (opts: BotOptions, command: Command) => {
    const credentials = await appCredentials(opts, io.env);
    const config = loadConfig({ flags: flagValues(command), env: io.env, home: io.home });
    const anonymous = requireAdminCredentials(config, io.env);
    const port = opts.port ?? (io.env.PORT ? parsePort(io.env.PORT) : DEFAULT_BOT_PORT);
    const baseUrl = (opts.githubApiUrl ?? io.env.GITHUB_API_URL ?? DEFAULT_GITHUB_API_URL).replace(
      /\/+$/,
      '',
    );
    if (!/^https?:\/\/[^/]/.test(baseUrl))
      throw new ConfigError(`"${baseUrl}" is not an http(s) URL`, '--github-api-url');
    const { logger, access, tracing } = startObservability(config, io.stderr, 'orch-bot');
    const metrics = new BotMetrics({
      processMetrics: true,
      clientHistograms: config.sharedservice.metrics.enableClientGrpcHistograms,
    });
    const client = createAdminClient(config, 'orch', {
      clientName: `orch-bot/${ORCH_VERSION}`,
      warn: (msg) => logger.warn(msg),
      env: io.env,
      home: io.home,
      metrics: metrics.client,
    });
    if (anonymous)
      logger.warn('ORCH_API_KEY is not set: working without platform credentials (local sandbox only)');
    // Aborted once the shutdown grace has passed: GitHub requests still unanswered are abandoned.
    const abandon = new AbortController();
    const github = createGithubApp(await import('octokit'), {
      ...credentials,
      baseUrl,
      throttle: opts.githubThrottle,
      logger,
      signal: abandon.signal,
    });
    const bot = createBot({
      client,
      installation: (id) => installationClient(github, id),
      appId: Number(credentials.appId),
      // The same rule as the client's own: the flag, else the admin ORCH_API_KEY names.
      adminEndpoint: clientEndpoint(config, 'orch', io.env),
      logger,
      checkout: opts.maxArchiveSize ? { maxBytes: opts.maxArchiveSize } : undefined,
      watchSeconds: opts.watchTimeout,
      maxFollowed: opts.maxFollowed || undefined,
      webUrl: githubWebUrl(baseUrl),
      installations: async () =>
        (await github.octokit.paginate('GET /app/installations', { per_page: 100 })).map((i) => i.id),
    });
    const app = createBotServer({
      bot,
      verify: (payload, signature) => github.webhooks.verify(payload, signature),
      probe: () =>
        client.getVersion({ deadline: new Date(Date.now() + 5000) }).then(
          () => true,
          () => false,
        ),
      logger,
      access,
      metrics,
      maxBodyBytes: opts.maxBodySize,
      concurrency: opts.concurrency || undefined,
      maxQueued: opts.maxQueued,
      signatureFailureLimit: opts.signatureFailureLimit === 0 ? false : opts.signatureFailureLimit,
    });
    const server = app.listen(port);
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => {
        throw error;
      }),
    ]);
    server.requestTimeout = 60_000;
    const address = server.address();
    const listening = typeof address === 'object' && address ? address.port : port;
    io.stdout.write(`orch-bot listening on http://localhost:${listening}${DELIVERY_PATH}\n`);
    const recovery = scheduleRecovery(bot, opts.recoveryInterval ?? DEFAULT_RECOVERY_SECONDS);
    const signal = await io.interrupted;
    await shutDown({ logger, app, bot, server, recovery, abandon, signal });
    client.close();
    await tracing.shutdown();
  });
  return runProgram(program, argv, io, describeRuntimeError);
}
