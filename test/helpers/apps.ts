import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';

/**
 * A GET (or a POST of `body`) to the admin's HTTP port with the Host header of `app` on the apps
 * sub-domain, as a browser on `<app>.apps.localhost` would send it: its status, body and headers.
 */
export function viaIngress(httpEndpoint: string, app: string, path: string, body?: string) {
  const { port } = new URL(httpEndpoint);
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: body === undefined ? 'GET' : 'POST',
          headers: { host: `${app}.apps.localhost:${port}`, 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** Another program: answers every HTTP request with `foreign`, on `port`, once the port is free. */
const FOREIGN = `
const server = require('http').createServer((q, r) => r.end('foreign'));
server.on('error', () => setTimeout(() => server.listen(Number(process.argv[1])), 20));
server.listen(Number(process.argv[1]), () => console.log('holding'));
`;

/**
 * Starts another program (a Node process answering `foreign`) on `port` of every address; resolves
 * once it listens there. Stop it with {@link releasePort}.
 */
export async function holdPort(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', FOREIGN, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('holding')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the port holder exited (${code})`)));
  });
  return child;
}

/** Kills a program started by {@link holdPort} and resolves once it has exited. */
export async function releasePort(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
