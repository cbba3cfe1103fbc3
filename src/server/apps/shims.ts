import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's own commands an app may start by name (`args: orch-webhook --port 8080`). */
export const ORCH_COMMANDS = ['orch', 'orchctl', 'orch-webhook'] as const;

/** The package root (this file is `src/server/apps/` or `lib/server/apps/`). */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Writes `dir/<command>` for each of {@link ORCH_COMMANDS}: a shell script running the package's
 * built entry (`lib/bin/<command>.js`) with this Node, so that an app's `args` can name orch's own
 * commands when the package is not installed on the PATH. Resolves with `dir`, to put first on the
 * apps' PATH.
 */
export async function writeCommandShims(dir: string, nodePath: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const command of ORCH_COMMANDS) {
    const entry = join(PACKAGE_ROOT, 'lib', 'bin', `${command}.js`);
    const file = join(dir, command);
    await writeFile(file, `#!/bin/sh\nexec '${nodePath}' '${entry}' "$@"\n`);
    await chmod(file, 0o755);
  }
  return dir;
}
