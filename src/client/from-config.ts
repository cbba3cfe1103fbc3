import { parseDuration } from '../api/duration.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { AdminClient, type AdminClientOptions } from './admin-client.js';

/**
 * Which flag section configures the client: `admin` (`--admin.*`, used by `orchctl`) or `orch`
 * (`--orch.connection.*`, used by `orch`, the webhook and the Action). Both build the same client.
 */
export type ClientSection = 'admin' | 'orch';

/** What the caller adds to the configuration. */
export interface ClientSetup {
  /** Sent as `x-orch-client` metadata, e.g. `orchctl/0.1.0`. */
  clientName: string;
  /** Where warnings go (for example that certificate verification is off). Never holds a secret. */
  warn?: (message: string) => void;
}

/** Checks a gRPC service config is a JSON object. @throws ConfigError naming the flag. */
function serviceConfig(text: string | undefined, flag: string): string | undefined {
  if (!text?.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`not valid JSON: ${(error as Error).message}`, flag, { cause: error });
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

/**
 * The admin endpoint a section names: its endpoint flag; else, when `--org` is set, the
 * `--connection.rootTenantURLPattern` with `{{ organization }}` replaced by it.
 * @throws ConfigError when neither gives an endpoint; the message suggests `orchctl config init --host`.
 */
export function resolveEndpoint(config: Config, section: ClientSection): string {
  const direct = section === 'admin' ? config.admin.endpoint : config.orch.connection.host;
  if (direct?.trim()) return direct.trim();
  const pattern = config.connection.rootTenantURLPattern;
  if (config.org && pattern?.includes('{{')) {
    return pattern.replace(/\{\{\s*organization\s*\}\}/g, config.org);
  }
  throw new ConfigError(
    `no admin endpoint is configured. Set one with \`orchctl config init --host <host:port>\`, pass ${ENDPOINT_FLAG[section]} <host:port> ` +
      '(add --admin.insecure / --orch.connection.insecure for a local plaintext sandbox), or set --org with --connection.rootTenantURLPattern',
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
 * The {@link AdminClientOptions} a configuration section gives (spec, "Client to admin" and
 * "Platform client" flags). `--orch.connection.minConnectTimeout` has no counterpart: grpc-js gives a
 * connection attempt until the call's own deadline (`perRetryTimeout`), which bounds it instead.
 * @throws ConfigError for a missing endpoint or a malformed duration.
 */
export function adminClientOptions(
  config: Config,
  section: ClientSection,
  setup: ClientSetup,
): AdminClientOptions {
  const endpoint = resolveEndpoint(config, section);
  const warnSkipVerify = (flag: string) =>
    setup.warn?.(
      `${flag} is set: the server's TLS certificate is not verified, so anyone on the network path can ` +
        'impersonate it. Use it only for testing.',
    );
  if (section === 'admin') {
    const a = config.admin;
    if (a.insecureSkipVerify && !a.insecure) warnSkipVerify('--admin.insecureSkipVerify');
    return {
      endpoint,
      insecure: a.insecure,
      caCertFile: a.caCertFilePath || undefined,
      insecureSkipVerify: a.insecureSkipVerify,
      retry: {
        maxAttempts: a.maxRetries,
        perAttemptSeconds: seconds(a.perRetryTimeout, '--admin.perRetryTimeout'),
        maxBackoffSeconds: seconds(a.maxBackoffDelay, '--admin.maxBackoffDelay'),
      },
      maxReceiveMessageBytes: a.maxMessageSizeBytes || undefined,
      serviceConfig: serviceConfig(a.defaultServiceConfig, '--admin.defaultServiceConfig'),
      authorizationHeader: a.authorizationHeader || undefined,
      consoleEndpoint: config.console.endpoint,
      clientName: setup.clientName,
    };
  }
  const c = config.orch.connection;
  if (c.insecureSkipVerify && !c.insecure) warnSkipVerify('--orch.connection.insecureSkipVerify');
  return {
    endpoint,
    insecure: c.insecure,
    insecureSkipVerify: c.insecureSkipVerify,
    retry: {
      maxAttempts: c.maxRetries,
      perAttemptSeconds: seconds(c.perRetryTimeout, '--orch.connection.perRetryTimeout'),
      maxBackoffSeconds: seconds(c.maxBackoffDelay, '--orch.connection.maxBackoffDelay'),
    },
    keepalive: {
      timeSeconds: seconds(c.keepAliveConfig.time, '--orch.connection.keepAliveConfig.time') ?? 20,
      timeoutSeconds: seconds(c.keepAliveConfig.timeout, '--orch.connection.keepAliveConfig.timeout') ?? 120,
      permitWithoutStream: c.keepAliveConfig.permitWithoutStream,
    },
    maxReceiveMessageBytes: c.maxRecvMsgSize || undefined,
    serviceConfig: serviceConfig(c.serviceConfig, '--orch.connection.serviceConfig'),
    consoleEndpoint: config.console.endpoint,
    clientName: setup.clientName,
  };
}

/**
 * Builds the one admin client from configuration: see {@link adminClientOptions}.
 * @throws ConfigError as {@link adminClientOptions} does.
 */
export function createAdminClient(config: Config, section: ClientSection, setup: ClientSetup): AdminClient {
  return new AdminClient(adminClientOptions(config, section, setup));
}
