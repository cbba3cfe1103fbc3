import { runOrchctl } from '../ctl/program.js';
import { exitWith, processIO } from './io.js';

/**
 * The whole of `orchctl` as the launcher (src/bin/orchctl-launch.ts) loads it: bundled into one
 * CommonJS file by scripts/bundle-bins.mjs, so that V8's code cache can cover it. Runs the command
 * line of this process and exits with its status.
 */
export async function main(): Promise<void> {
  exitWith(await runOrchctl(process.argv.slice(2), processIO()));
}
