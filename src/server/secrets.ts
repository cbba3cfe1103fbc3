import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from '../api/guards.js';

/** Where the server finds secret values by name. Values are never logged or returned by any API. */
export interface SecretSource {
  /**
   * The value of secret `key`, or undefined when it is not set.
   * @throws Error naming the key (never a value) when the key is malformed or a file cannot be read.
   */
  get(key: string): Promise<string | undefined>;
  /** Where `key` is looked for, for messages, e.g. `env ORCH_SECRET_x or file /etc/secrets/x`. */
  describe(key: string): string;
}

/** Names a local secret may have: no path separators, no leading dot. */
const SECRET_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * The server's own secrets (`--secrets.type local`, spec "General"): the environment variable
 * `<--secrets.env-prefix><key>` (ORCH_SECRET_ by default) first, else the file
 * `<--secrets.secrets-prefix>/<key>` (/etc/secrets by default) with one trailing newline removed.
 */
export class LocalSecretSource implements SecretSource {
  constructor(
    private readonly options: {
      envPrefix: string;
      filesDir: string;
      /** The server's environment, read at the edge. */
      env: Readonly<Record<string, string | undefined>>;
    },
  ) {}

  describe(key: string): string {
    return `env ${this.options.envPrefix}${key} or file ${join(this.options.filesDir, key)}`;
  }

  async get(key: string): Promise<string | undefined> {
    if (!SECRET_KEY.test(key)) throw new Error(`"${key}" is not a valid secret name`);
    const fromEnv = this.options.env[`${this.options.envPrefix}${key}`];
    if (fromEnv !== undefined) return fromEnv;
    try {
      return (await readFile(join(this.options.filesDir, key), 'utf8')).replace(/\r?\n$/, '');
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') return undefined;
      throw new Error(`cannot read secret ${key} from ${this.options.filesDir}: ${code}`);
    }
  }
}

/** Looks a secret up in each source in turn; the first that has it wins. */
export class ChainedSecretSource implements SecretSource {
  private readonly sources: readonly SecretSource[];
  constructor(...sources: SecretSource[]) {
    this.sources = sources;
  }

  describe(key: string): string {
    return this.sources.map((source) => source.describe(key)).join(', then ');
  }

  async get(key: string): Promise<string | undefined> {
    for (const source of this.sources) {
      const value = await source.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }
}

/**
 * A source that never answers for `reserved` names (the server's own keys), so that a task declaring
 * `token_rsa_key.pem` cannot read the server's signing key through `--secrets.*`.
 */
export class ReservedSecretFilter implements SecretSource {
  constructor(
    private readonly inner: SecretSource,
    private readonly reserved: ReadonlySet<string>,
  ) {}

  describe(key: string): string {
    return this.reserved.has(key) ? `${key} is reserved for the server` : this.inner.describe(key);
  }

  async get(key: string): Promise<string | undefined> {
    return this.reserved.has(key) ? undefined : this.inner.get(key);
  }
}

/** Where the executor finds the secrets a task declares, by the execution's project and domain. */
export interface TaskSecretSource {
  /**
   * The value of secret `key` for a task of `scope`, or undefined when it is not set.
   * @throws Error naming the key (never a value) when it cannot be read.
   */
  get(key: string, scope: { project: string; domain: string }): Promise<string | undefined>;
}
