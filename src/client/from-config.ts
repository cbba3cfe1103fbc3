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
 * "Platform client" flags).
 * @throws ConfigError for a missing endpoint or a malformed duration.
 */
export function adminClientOptions(
  config: Config,
  section: ClientSection,
  setup: ClientSetup,
): AdminClientOptions {
  const endpoint = resolveEndpoint(config, section);
  if (section === 'admin') {
    const a = config.admin;
    return {
      endpoint,
      insecure: a.insecure,
      caCertFile: a.caCertFilePath || undefined,
      consoleEndpoint: config.console.endpoint,
      clientName: setup.clientName,
    };
  }
  const c = config.orch.connection;
  void seconds;
  return {
    endpoint,
    insecure: c.insecure,
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
