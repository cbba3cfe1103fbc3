// Shared by the benches: `orch sandbox start` from lib/ as a subprocess on free ports.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shipped = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin;

/**
 * Absolute path of a bin as the package ships it (package.json `bin`), e.g. `bin('orchctl')` ->
 * `<repo>/lib/bundle/orchctl.js`, `bin('orch')` -> `<repo>/lib/bin/orch.js`.
 */
export const bin = (name) => join(root, shipped[name] ?? join('lib', 'bin', `${name}.js`));

/**
 * Starts a sandbox admin server with `home` as its HOME; resolves once it prints its gRPC endpoint.
 * It runs on `BENCH_ADMIN_NODE` when set (e.g. to measure clients on one Node against an admin on
 * another), else on this Node.
 * @returns `{endpoint, stop}`; `stop()` sends SIGTERM and resolves when the process has exited.
 */
export async function startSandbox(home) {
  const sandbox = spawn(
    process.env.BENCH_ADMIN_NODE || process.execPath,
    [
      bin('orch'),
      'sandbox',
      'start',
      '--server.grpc.port',
      '0',
      '--server.httpPort',
      '0',
      '--sharedservice.profilerPort',
      '0',
    ],
    { env: { PATH: process.env.PATH, HOME: home }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const stop = async () => {
    if (sandbox.exitCode !== null) return;
    sandbox.kill('SIGTERM');
    await new Promise((resolve) => sandbox.once('exit', resolve));
  };
  try {
    const endpoint = await new Promise((resolve, reject) => {
      let out = '';
      sandbox.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /Admin gRPC endpoint: (\S+)/.exec(out);
        if (match) resolve(match[1]);
      });
      sandbox.on('exit', () => reject(new Error(`sandbox exited: ${out}`)));
    });
    return { endpoint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
