import { execFile } from 'node:child_process';
import { basename } from 'node:path';
import { AuthFlowError, type TokenRequest, type TokenSource } from '../token-source.js';

/** Options of {@link ExternalCommandTokenSource}. */
export interface ExternalCommandOptions {
  /** How long the command may run, in seconds. @default 60 */
  timeoutSeconds?: number;
  /** What to check when the command fails; shown as the error's hint. */
  hint?: string;
}

/** At most this much of the command's stderr goes into an error message. */
const STDERR_EXCERPT = 200;

/**
 * Tokens printed by a command (`--admin.command`, `--orch.auth.externalAuth.command`, and
 * `--admin.proxyCommand` for the proxy token): the argv is run without a shell, and its standard
 * output, trimmed, is the token. The token is kept in memory for this source's lifetime and the
 * command run again only when the server refuses it (`refresh`). Concurrent requests share one run.
 *
 * Errors name the command's program (argv[0]) and its exit code or signal, with the first line of
 * its stderr; never its output, which would be the token, nor its other arguments.
 */
export class ExternalCommandTokenSource implements TokenSource {
  private current: string | undefined;
  private pending: Promise<string> | undefined;
  /** The command's program (argv[0]) and its arguments. */
  private readonly program: string;
  private readonly args: readonly string[];

  /**
   * @param argv the command: its program, then its arguments.
   * @throws Error when `argv` is empty or its program is the empty string.
   */
  constructor(
    argv: readonly string[],
    /** `ExternalCommand`, or `ProxyCommand` for the proxy token. */
    readonly mode = 'ExternalCommand',
    private readonly options: ExternalCommandOptions = {},
  ) {
    const [program, ...args] = argv;
    if (!program) throw new Error(`${mode}: the command is empty`);
    this.program = program;
    this.args = args;
  }

  async cached(): Promise<string | undefined> {
    return this.current;
  }

  async token({ refresh }: TokenRequest): Promise<string> {
    if (refresh) this.current = undefined;
    if (this.current) return this.current;
    this.pending ??= this.run().finally(() => {
      this.pending = undefined;
    });
    this.current = await this.pending;
    return this.current;
  }

  /** Runs the command once. @throws AuthFlowError */
  private run(): Promise<string> {
    const { program, args } = this;
    const name = basename(program);
    const fail = (what: string) =>
      new AuthFlowError(`${this.mode}: the command ${name} ${what}`, this.mode, { hint: this.options.hint });
    const timeoutSeconds = this.options.timeoutSeconds ?? 60;
    return new Promise<string>((resolve, reject) => {
      execFile(
        program,
        args,
        { timeout: timeoutSeconds * 1000, maxBuffer: 1024 * 1024, windowsHide: true, encoding: 'utf8' },
        (error, stdout, stderr) => {
          // The error object holds the output (the token): build our own, never pass it on.
          const firstLine = stderr
            .split('\n')
            .map((line) => line.trim())
            .find(Boolean)
            ?.slice(0, STDERR_EXCERPT);
          const said = firstLine ? `: ${firstLine}` : '';
          if (error) {
            if (error.code === 'ENOENT') reject(fail('was not found (is it installed and on PATH?)'));
            else if (error.code === 'EACCES') reject(fail('is not executable'));
            else if (error.killed && error.signal === 'SIGTERM')
              reject(fail(`did not finish within ${timeoutSeconds} s`));
            else if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
              reject(fail('printed more than 1 MiB'));
            else if (typeof error.code === 'number') reject(fail(`exited with code ${error.code}${said}`));
            else if (error.signal) reject(fail(`was killed by ${error.signal}${said}`));
            else reject(fail(`could not be run (${error.code ?? 'unknown error'})`));
            return;
          }
          const token = stdout.trim();
          if (!token) reject(fail(`printed no token${said}`));
          else if (/\s/.test(token)) reject(fail('printed more than one word; it must print only the token'));
          else resolve(token);
        },
      );
    });
  }
}
