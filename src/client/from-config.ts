import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDuration } from '../api/duration.js';
import { errorMessage } from '../api/guards.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { proxyFetch } from '../config/proxy-fetch.js';
import { findFlag } from '../config/registry.js';
import type { GrpcClientMetrics } from '../telemetry/metrics.js';
import { AdminClient, type AdminClientOptions } from './admin-client.js';
import { type ApiKeyParts, parseApiKey } from './auth/api-key.js';
import { platformUrlOpener } from './auth/browser.js';
import { ClientCredentialsTokenSource } from './auth/client-credentials.js';
import { ExternalCommandTokenSource } from './auth/external-command.js';
import { DeviceFlowTokenSource, PkceTokenSource, type UrlOpener } from './auth/interactive.js';
import { FileTokenStore } from './auth/token-cache.js';
import { InvalidEndpointError, parseEndpoint } from './endpoint.js';
import { codeOf } from './errors.js';
import { AuthFlowError, type TokenSource } from './token-source.js';

/**
 * Which flag section configures the client: `admin` (`--admin.*`, used by `orchctl`) or `orch`
 * (`--orch.connection.*`, used by `orch`, the webhook and the Action). Both build the same client.
 */
export type ClientSection = 'admin' | 'orch';

/** What the caller (the edge: a bin, the webhook's entry) adds to the configuration. */
export interface ClientSetup {
  /** Sent as `x-orch-client` metadata, e.g. `orchctl/0.1.0`. */
  clientName: string;
  /** Where warnings go (for example that certificate verification is off). Never holds a secret. */
  warn?: (message: string) => void;
  /**
   * The process environment, read at the edge: `ORCH_API_KEY`, and the variable that
   * `--admin.clientSecretEnvVar` / `--orch.auth.clientSecretEnvVar` names. Nothing else is read.
   */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The user's home directory: tokens are cached in `<home>/.orch/tokens` ({@link tokenCacheDir}).
   * Without it, tokens live in memory for the client's lifetime.
   */
  home?: string;
  /**
   * Shows the user what an interactive login needs (the URL to open, the device code). The edge
   * writes it to stderr. Without it, the Pkce and DeviceFlow flows use only cached or refreshed tokens.
   */
  notify?: (message: string) => void;
  /**
   * Opens a URL in a browser for the Pkce flow. @default the platform's opener when `setup.env` shows
   * a display ({@link platformUrlOpener}), else none (the URL is only shown)
   */
  openUrl?: UrlOpener;
  /** Counts and times the client's calls (see `AdminClientOptions.metrics`). */
  metrics?: GrpcClientMetrics;
}

/** The environment variable holding an API key; it wins over any configured authentication. */
export const API_KEY_ENV = 'ORCH_API_KEY';

/** Where tokens are cached for a home directory: `<home>/.orch/tokens`. */
export function tokenCacheDir(home: string): string {
  return join(home, '.orch', 'tokens');
}

/** The default of `--admin.clientSecretLocation`, also used by `--orch.auth` when it sets none. */
const DEFAULT_SECRET_FILE = '/etc/secrets/client_secret';

/**
 * The API key in `ORCH_API_KEY`, if set.
 * @throws ConfigError naming ORCH_API_KEY when it is not a well-formed key (never quoting it).
 */
export function apiKeyFromEnv(env: Readonly<Record<string, string | undefined>>): ApiKeyParts | undefined {
  const text = env[API_KEY_ENV];
  if (!text?.trim()) return undefined;
  try {
    return parseApiKey(text);
  } catch (error) {
    throw new ConfigError(errorMessage(error), API_KEY_ENV);
  }
}

/** Checks a gRPC service config is a JSON object. @throws ConfigError naming the flag. */
function serviceConfig(text: string | undefined, flag: string): string | undefined {
  if (!text?.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`not valid JSON: ${errorMessage(error)}`, flag, { cause: error });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError('must be a JSON object such as {"loadBalancingConfig":[{"round_robin":{}}]}', flag);
  }
  return text;
}

/** The flag that names the endpoint in each section, for messages. */
const ENDPOINT_FLAG: Record<ClientSection, string> = {
  admin: '--admin.endpoint',
  orch: '--orch.connection.host',
};

/** The flag that makes the connection plaintext in each section, for messages. */
const INSECURE_FLAG: Record<ClientSection, string> = {
  admin: '--admin.insecure',
  orch: '--orch.connection.insecure',
};

/**
 * `endpoint` when it is an address the client can call ({@link parseEndpoint}).
 * @throws ConfigError from `source` (the flag or variable that gave it) quoting the endpoint and
 *   saying what is wrong, e.g. `--orch.connection.host: "dns:///127.0.0.1:" is not a valid address
 *   (the port after ":" is empty); give host:port, ...`.
 */
function checkedEndpoint(endpoint: string, source: string): string {
  try {
    parseEndpoint(endpoint);
  } catch (error) {
    if (error instanceof InvalidEndpointError) throw new ConfigError(error.message, source, { cause: error });
    throw error;
  }
  return endpoint;
}

/**
 * The admin endpoint a section configures: its endpoint flag; else, when `--org` is set, the
 * `--connection.rootTenantURLPattern` with `{{ organization }}` replaced by it; else undefined.
 * Checked at once, so that a program given a bad address stops at start rather than failing each call.
 * @throws ConfigError naming the flag when the endpoint is not an address ({@link parseEndpoint}).
 */
export function configuredEndpoint(config: Config, section: ClientSection): string | undefined {
  const direct = section === 'admin' ? config.admin.endpoint : config.orch.connection.host;
  if (direct?.trim()) return checkedEndpoint(direct.trim(), ENDPOINT_FLAG[section]);
  const pattern = config.connection.rootTenantURLPattern;
  if (config.org && pattern?.includes('{{')) {
    return checkedEndpoint(
      pattern.replace(/\{\{\s*organization\s*\}\}/g, config.org),
      '--connection.rootTenantURLPattern',
    );
  }
  return undefined;
}

/**
 * The admin endpoint a client of `section` calls: the configured one ({@link configuredEndpoint}),
 * else the one the API key in `ORCH_API_KEY` names. The same rule {@link createAdminClient} follows.
 * @throws ConfigError when neither names one, when ORCH_API_KEY is damaged (source `ORCH_API_KEY`), or
 *   when the endpoint is not an address (source: the flag, or `ORCH_API_KEY`).
 */
export function clientEndpoint(
  config: Config,
  section: ClientSection,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const configured = configuredEndpoint(config, section);
  if (configured) return configured;
  const fromKey = apiKeyFromEnv(env)?.endpoint;
  return fromKey ? checkedEndpoint(fromKey, API_KEY_ENV) : resolveEndpoint(config, section);
}

/**
 * The admin endpoint a section names ({@link configuredEndpoint}).
 * @throws ConfigError when none is configured; the message suggests `orchctl config init --host`.
 */
export function resolveEndpoint(config: Config, section: ClientSection): string {
  const endpoint = configuredEndpoint(config, section);
  if (endpoint) return endpoint;
  throw new ConfigError(
    `no admin endpoint is configured. Set one with \`orchctl config init --host <host:port>\` (for orch and orchctl alike), pass ${ENDPOINT_FLAG[section]} <host:port> ` +
      `(add ${INSECURE_FLAG[section]} for a local plaintext sandbox), set --org with --connection.rootTenantURLPattern, ` +
      `or set ${API_KEY_ENV} to an API key (it names its admin)`,
    ENDPOINT_FLAG[section],
  );
}

const seconds = (text: string | undefined, flag: string): number | undefined => {
  if (!text) return undefined;
  try {
    return parseDuration(text);
  } catch (error) {
    throw new ConfigError(`"${text}" is not a duration such as 15s or 2m0s`, flag, { cause: error });
  }
};

/**
 * The Pkce and DeviceFlow durations of one flag section (`--admin.pkceConfig.*` and
 * `--admin.deviceFlowConfig.*`, or `--orch.auth.pkce.*` and `--orch.auth.deviceFlow.*`), in seconds;
 * an empty value falls back to the spec's default (Pkce timeout `pkceTimeoutDefault`, refresh 5m0s;
 * device poll 5s, timeout 10m0s). @throws ConfigError naming the flag of a malformed duration.
 */
function interactiveTimes(
  pkce: { timeout: string; refreshTime: string },
  pkcePrefix: string,
  device: { pollInterval: string; timeout: string; refreshTime: string },
  devicePrefix: string,
  pkceTimeoutDefault: number,
): Pick<AuthSettings, 'pkce' | 'device'> {
  return {
    pkce: {
      timeoutSeconds: seconds(pkce.timeout, `${pkcePrefix}timeout`) ?? pkceTimeoutDefault,
      refreshSeconds: seconds(pkce.refreshTime, `${pkcePrefix}refreshTime`) ?? 300,
      flag: `${pkcePrefix}timeout`,
    },
    device: {
      pollSeconds: seconds(device.pollInterval, `${devicePrefix}pollInterval`) ?? 5,
      timeoutSeconds: seconds(device.timeout, `${devicePrefix}timeout`) ?? 600,
      refreshSeconds: seconds(device.refreshTime, `${devicePrefix}refreshTime`) ?? 300,
    },
  };
}

/** The authentication settings of one section, in the same shape for `admin` and `orch`. */
interface AuthSettings {
  /** The flag prefix for messages: `--admin.` or `--orch.auth.`. */
  flag: string;
  enabled: boolean;
  type: string;
  clientId: string | undefined;
  clientIdFlag: string;
  clientSecretEnvVar: string | undefined;
  /** The client secret's file: the configured one, else {@link DEFAULT_SECRET_FILE}. */
  clientSecretLocation: string;
  command: readonly string[];
  commandFlag: string;
  tokenUrl: string | undefined;
  scopes: readonly string[];
  audience: string | undefined;
  useAudienceFromAdmin: boolean;
  refreshWindowSeconds: number;
  /** The type flag, for messages. */
  typeFlag: string;
  /** Pkce: `timeout` and `refreshTime`, seconds. */
  pkce: { timeoutSeconds: number; refreshSeconds: number; flag: string };
  /** DeviceFlow: `pollInterval`, `timeout` and `refreshTime`, seconds. */
  device: { pollSeconds: number; timeoutSeconds: number; refreshSeconds: number };
}

/** The authentication settings `section` configures. @throws ConfigError naming the flag of a malformed duration. */
function authSettings(config: Config, section: ClientSection): AuthSettings {
  if (section === 'admin') {
    const a = config.admin;
    return {
      flag: '--admin.',
      enabled: true,
      type: a.authType,
      clientId: a.clientId,
      clientIdFlag: '--admin.clientId',
      clientSecretEnvVar: a.clientSecretEnvVar,
      clientSecretLocation: a.clientSecretLocation || DEFAULT_SECRET_FILE,
      command: a.command,
      commandFlag: '--admin.command',
      tokenUrl: a.tokenUrl,
      scopes: a.scopes,
      audience: a.audience,
      useAudienceFromAdmin: a.useAudienceFromAdmin,
      refreshWindowSeconds: seconds(a.tokenRefreshWindow, '--admin.tokenRefreshWindow') ?? 0,
      typeFlag: '--admin.authType',
      ...interactiveTimes(
        a.pkceConfig,
        '--admin.pkceConfig.',
        a.deviceFlowConfig,
        '--admin.deviceFlowConfig.',
        120,
      ),
    };
  }
  const o = config.orch.auth;
  return {
    flag: '--orch.auth.',
    enabled: o.enable,
    type: o.type,
    clientId: o.clientId,
    clientIdFlag: '--orch.auth.clientId',
    clientSecretEnvVar: o.clientSecretEnvVar,
    clientSecretLocation: o.clientSecretLocation || DEFAULT_SECRET_FILE,
    command: o.externalAuth.command,
    commandFlag: '--orch.auth.externalAuth.command',
    tokenUrl: o.tokenUrl,
    scopes: o.scopes,
    audience: undefined,
    useAudienceFromAdmin: false,
    refreshWindowSeconds: seconds(o.tokenRefreshWindow, '--orch.auth.tokenRefreshWindow') ?? 0,
    typeFlag: '--orch.auth.type',
    ...interactiveTimes(o.pkce, '--orch.auth.pkce.', o.deviceFlow, '--orch.auth.deviceFlow.', 15),
  };
}

/** What to do when an API key is refused: it was deleted, or belongs to another admin. */
const API_KEY_REFUSED_HINT =
  `The API key in ${API_KEY_ENV} was refused: it may have been deleted or belong to another admin. ` +
  `Create one with \`orch create api-key admin --name <name>\` and set ${API_KEY_ENV} to it.`;

/**
 * Reads the client secret of the ClientSecret flow: the environment variable `clientSecretEnvVar`
 * names, when set and not empty; else the file `clientSecretLocation`; whitespace trimmed.
 * @throws AuthFlowError naming where it looked, never a value.
 */
async function readClientSecret(settings: AuthSettings, env: ClientSetup['env']): Promise<string> {
  const variable = settings.clientSecretEnvVar?.trim();
  const fromEnv = variable ? env[variable]?.trim() : undefined;
  if (fromEnv) return fromEnv;
  const file = settings.clientSecretLocation;
  const tried = variable ? `the environment variable ${variable} is empty or not set, and ` : '';
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AuthFlowError(
      `ClientSecret: no client secret for client "${settings.clientId}": ${tried}the file ${file} cannot be read (${codeOf(error) ?? errorMessage(error)})`,
      'ClientSecret',
      {
        hint:
          `Put the secret in ${file}, or name an environment variable holding it with ${settings.flag}clientSecretEnvVar; ` +
          `or set ${API_KEY_ENV} to an API key.`,
      },
    );
  }
  const secret = text.trim();
  if (!secret) {
    throw new AuthFlowError(
      `ClientSecret: no client secret for client "${settings.clientId}": ${tried}the file ${file} is empty`,
      'ClientSecret',
    );
  }
  return secret;
}

/**
 * The token sources and header key a section configures, with `ORCH_API_KEY` first (see
 * {@link adminClientOptions}). @throws ConfigError for a flow missing its client id or command.
 */
function authOptions(
  config: Config,
  section: ClientSection,
  setup: ClientSetup,
  connection: { endpoint: string; insecure: boolean; perAttemptSeconds: number | undefined },
  apiKey: ApiKeyParts | undefined,
): Pick<AdminClientOptions, 'tokenSource' | 'proxyTokenSource' | 'authorizationHeader'> {
  const settings = authSettings(config, section);
  const proxyCommand = section === 'admin' ? config.admin.proxyCommand : [];
  const proxyTokenSource = proxyCommand.length
    ? new ExternalCommandTokenSource(proxyCommand, 'ProxyCommand', {
        hint: 'Check --admin.proxyCommand: it must print the proxy token and exit 0.',
      })
    : undefined;
  if (section === 'admin' && config.admin.useAuth) {
    setup.warn?.(
      '--admin.useAuth is deprecated and has no effect: the client authenticates when the admin asks for credentials.',
    );
  }
  const proxy =
    section === 'admin' ? proxyFetch(config.admin.httpProxyURL, '--admin.httpProxyURL') : undefined;
  // `--orch.auth.authorizationMetadataKey` left at its default (the admin's default header) means the
  // header the admin publishes, as orchctl does without `--admin.authorizationHeader`.
  const orchKey = config.orch.auth.authorizationMetadataKey;
  const authorizationHeader =
    (section === 'admin'
      ? config.admin.authorizationHeader
      : orchKey !== findFlag('orch.auth.authorizationMetadataKey')?.default && orchKey) || undefined;
  const store = setup.home ? new FileTokenStore(tokenCacheDir(setup.home)) : undefined;
  const common = {
    endpoint: connection.endpoint,
    tokenUrl: settings.tokenUrl || undefined,
    scopes: settings.scopes,
    audience: settings.audience || undefined,
    useAudienceFromAdmin: settings.useAudienceFromAdmin,
    refreshWindowSeconds: settings.refreshWindowSeconds,
    store,
    allowInsecureHttp: connection.insecure,
    timeoutSeconds: connection.perAttemptSeconds,
    ...(proxy ? { fetch: proxy } : {}),
    ...(proxyTokenSource
      ? {
          headers: async () => ({
            'proxy-authorization': `Bearer ${await proxyTokenSource.token({ refresh: false })}`,
          }),
        }
      : {}),
  };
  const result = (tokenSource: TokenSource | undefined) => ({
    tokenSource,
    proxyTokenSource,
    authorizationHeader,
  });

  if (apiKey) {
    return result(
      new ClientCredentialsTokenSource({
        ...common,
        mode: 'ApiKey',
        clientId: apiKey.clientId,
        clientSecret: () => apiKey.clientSecret,
        refusedHint: API_KEY_REFUSED_HINT,
      }),
    );
  }
  if (!settings.enabled) return result(undefined);
  switch (settings.type) {
    case 'ClientSecret': {
      const clientId = settings.clientId?.trim();
      if (!clientId)
        throw new ConfigError(`required with ${settings.typeFlag} ClientSecret`, settings.clientIdFlag);
      return result(
        new ClientCredentialsTokenSource({
          ...common,
          mode: 'ClientSecret',
          clientId,
          clientSecret: () => readClientSecret({ ...settings, clientId }, setup.env),
          refusedHint: `Check ${settings.clientIdFlag} and the client secret (${settings.flag}clientSecretEnvVar / ${settings.flag}clientSecretLocation).`,
        }),
      );
    }
    case 'ExternalCommand': {
      if (!settings.command.length || !settings.command[0]) {
        throw new ConfigError(
          `required with ${settings.typeFlag} ExternalCommand: the command that prints a token`,
          settings.commandFlag,
        );
      }
      return result(
        new ExternalCommandTokenSource(settings.command, 'ExternalCommand', {
          hint: `Check ${settings.commandFlag}: it must print an access token and exit 0.`,
        }),
      );
    }
    case 'Pkce':
    case 'DeviceFlow': {
      const interactive = {
        endpoint: connection.endpoint,
        clientId: section === 'admin' ? undefined : settings.clientId?.trim() || undefined,
        scopes: settings.scopes,
        audience: settings.audience || undefined,
        store,
        allowInsecureHttp: connection.insecure,
        requestTimeoutSeconds: connection.perAttemptSeconds,
        notify: setup.notify,
        ...(proxy ? { fetch: proxy } : {}),
      };
      if (settings.type === 'Pkce') {
        return result(
          new PkceTokenSource({
            ...interactive,
            timeoutSeconds: settings.pkce.timeoutSeconds,
            refreshWindowSeconds: settings.pkce.refreshSeconds,
            openUrl: setup.openUrl ?? platformUrlOpener(setup.env),
          }),
        );
      }
      return result(
        new DeviceFlowTokenSource({
          ...interactive,
          timeoutSeconds: settings.device.timeoutSeconds,
          refreshWindowSeconds: settings.device.refreshSeconds,
          pollIntervalSeconds: settings.device.pollSeconds,
        }),
      );
    }
    default:
      throw new ConfigError(
        `"${settings.type}" is not one of ClientSecret, Pkce, ExternalCommand, DeviceFlow`,
        settings.typeFlag,
      );
  }
}

/**
 * The {@link AdminClientOptions} a configuration section gives (spec, "Client to admin" and
 * "Platform client" flags). `--orch.connection.minConnectTimeout` has no counterpart: grpc-js gives a
 * connection attempt until the call's own deadline (`perRetryTimeout`), which bounds it instead.
 *
 * Authentication, in order: `ORCH_API_KEY` in `setup.env` (an API key: the client credentials of
 * the `ApiKey` flow; with no endpoint configured, also the endpoint and TLS mode, so no config file is
 * needed; a configured endpoint wins over the key's); else `--admin.authType` (section `admin`) or,
 * when `--orch.auth.enable` is true, `--orch.auth.type` (section `orch`): `ClientSecret` (client
 * credentials with `clientId` and the secret from `clientSecretEnvVar` or `clientSecretLocation`,
 * read when a token is first needed), `ExternalCommand` (`command`'s output), `Pkce` (browser login
 * through the admin's authorization server, `pkceConfig.*` / `orch.auth.pkce.*`) or `DeviceFlow`
 * (RFC 8628, `deviceFlowConfig.*` / `orch.auth.deviceFlow.*`); token requests go through
 * `--admin.httpProxyURL` when set. Whichever flow is configured runs only once the admin refuses a
 * call without credentials: whether to authenticate is the admin's to say (`--admin.useAuth` is
 * deprecated and only warned about). Tokens are cached under `<setup.home>/.orch/tokens`.
 * @throws ConfigError for a missing endpoint, a malformed duration, a damaged ORCH_API_KEY (named,
 *   never quoted), a ClientSecret flow without client id or an ExternalCommand flow without command.
 */
export function adminClientOptions(
  config: Config,
  section: ClientSection,
  setup: ClientSetup,
): AdminClientOptions {
  const apiKey = apiKeyFromEnv(setup.env);
  const configured = configuredEndpoint(config, section);
  const endpoint = clientEndpoint(config, section, setup.env);
  const warnSkipVerify = (flag: string) =>
    setup.warn?.(
      `${flag} is set: the server's TLS certificate is not verified, so anyone on the network path can ` +
        'impersonate it. Use it only for testing.',
    );
  const s = connectionSettings(config, section);
  const insecure = configured === undefined && apiKey ? apiKey.insecure : s.insecure;
  if (s.insecureSkipVerify && !insecure) warnSkipVerify(`${s.prefix}.insecureSkipVerify`);
  const perAttemptSeconds = seconds(s.perRetryTimeout, `${s.prefix}.perRetryTimeout`);
  return {
    endpoint,
    insecure,
    ...(s.caCertFile ? { caCertFile: s.caCertFile } : {}),
    insecureSkipVerify: s.insecureSkipVerify,
    retry: {
      maxAttempts: s.maxRetries,
      perAttemptSeconds,
      maxBackoffSeconds: seconds(s.maxBackoffDelay, `${s.prefix}.maxBackoffDelay`),
    },
    ...(s.keepalive ? { keepalive: s.keepalive } : {}),
    maxReceiveMessageBytes: s.maxReceiveMessageBytes || undefined,
    serviceConfig: serviceConfig(s.serviceConfig, `${s.prefix}.${s.serviceConfigName}`),
    consoleEndpoint: config.console.endpoint,
    clientName: setup.clientName,
    metrics: setup.metrics,
    ...authOptions(config, section, setup, { endpoint, insecure, perAttemptSeconds }, apiKey),
  };
}

/**
 * The connection settings `section` configures, under common names: `--admin.*` (orchctl) and
 * `--orch.connection.*` (orch) name them differently; only `--admin` has a CA file and only
 * `--orch.connection` keepalive settings.
 * @throws ConfigError naming the flag of a malformed keepalive duration.
 */
function connectionSettings(config: Config, section: ClientSection) {
  if (section === 'admin') {
    const a = config.admin;
    return {
      prefix: '--admin',
      insecure: a.insecure,
      insecureSkipVerify: a.insecureSkipVerify,
      caCertFile: a.caCertFilePath,
      perRetryTimeout: a.perRetryTimeout,
      maxRetries: a.maxRetries,
      maxBackoffDelay: a.maxBackoffDelay,
      maxReceiveMessageBytes: a.maxMessageSizeBytes,
      serviceConfig: a.defaultServiceConfig,
      serviceConfigName: 'defaultServiceConfig',
      keepalive: undefined,
    };
  }
  const c = config.orch.connection;
  return {
    prefix: '--orch.connection',
    insecure: c.insecure,
    insecureSkipVerify: c.insecureSkipVerify,
    caCertFile: '',
    perRetryTimeout: c.perRetryTimeout,
    maxRetries: c.maxRetries,
    maxBackoffDelay: c.maxBackoffDelay,
    maxReceiveMessageBytes: c.maxRecvMsgSize,
    serviceConfig: c.serviceConfig,
    serviceConfigName: 'serviceConfig',
    keepalive: {
      timeSeconds: seconds(c.keepAliveConfig.time, '--orch.connection.keepAliveConfig.time') ?? 20,
      timeoutSeconds: seconds(c.keepAliveConfig.timeout, '--orch.connection.keepAliveConfig.timeout') ?? 120,
      permitWithoutStream: c.keepAliveConfig.permitWithoutStream,
    },
  };
}

/**
 * Builds the one admin client from configuration: see {@link adminClientOptions}.
 * @throws ConfigError as {@link adminClientOptions} does.
 */
export function createAdminClient(config: Config, section: ClientSection, setup: ClientSetup): AdminClient {
  return new AdminClient(adminClientOptions(config, section, setup));
}
