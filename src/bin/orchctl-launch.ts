#!/usr/bin/env node
// The shipped `orchctl` (package.json `bin`, bundled into lib/bundle/orchctl.cjs): loads the bundled
// program (lib/bundle/orchctl-program.cjs) through V8's code cache, which makes a command start
// about a third faster (bench/cli-startup.mjs). This is the edge that reads the cache's settings:
// the folder is $XDG_CACHE_HOME/orch/code-cache, else ~/.cache/orch/code-cache, and
// NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch) turns it off.
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireWithCodeCache } from './code-cache.js';

/** The cache folder the environment gives, or undefined when it is off or there is no home. */
function cacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  const base = env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '');
  return base ? join(base, 'orch', 'code-cache') : undefined;
}

const here = dirname(fileURLToPath(import.meta.url));
// One cache per command (`get-project`, `config-init`, `other` for options alone): a cache holds
// the functions its first run compiled, and `get -h` compiles fewer than `get project`.
const command: string[] = [];
for (const word of process.argv.slice(2, 4)) {
  if (!/^[a-z][a-z-]*$/.test(word)) break;
  command.push(word);
}
const program = requireWithCodeCache(join(here, 'orchctl-program.cjs'), {
  dir: cacheDir(process.env),
  variant: command.join('-') || 'other',
});
if (
  typeof program !== 'object' ||
  program === null ||
  !('main' in program) ||
  typeof program.main !== 'function'
) {
  throw new Error('the orchctl bundle has no main()');
}
// Its errors end the process as an unhandled rejection would, as in the module build.
void program.main();
