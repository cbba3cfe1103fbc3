import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the server finds secret values by name. Values are never logged or returned by any API. */
export interface SecretSource {
  /**
   * The value of secret `key`, or undefined when it is not set.
   * @throws Error naming the key (never a value) when the key is malformed or a file cannot be read.
   */
  get(key: string): Promise<string | undefined>;
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

  async get(key: string): Promise<string | undefined> {
    if (!SECRET_KEY.test(key)) throw new Error(`"${key}" is not a valid secret name`);
    const fromEnv = this.options.env[`${this.options.envPrefix}${key}`];
    if (fromEnv !== undefined) return fromEnv;
    try {
      return (await readFile(join(this.options.filesDir, key), 'utf8')).replace(/\r?\n$/, '');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(
        `cannot read secret ${key} from ${this.options.filesDir}: ${(error as NodeJS.ErrnoException).code}`,
      );
    }
  }
}
