import type { CliIO } from '../../src/config/commander.js';

/** A CliIO that records what a command prints; `confirm` answers prompts (absent: no terminal). */
export function captureIO(options: {
  env?: Record<string, string | undefined>;
  home: string;
  confirm?: (question: string) => Promise<boolean | undefined>;
}): CliIO & { out(): string; err(): string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: options.env ?? {},
    home: options.home,
    interrupted: new Promise<string>(() => {}),
    confirm: options.confirm,
    out: () => out,
    err: () => err,
  };
}
