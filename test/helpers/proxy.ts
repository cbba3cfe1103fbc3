import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';

/** A real HTTP proxy on 127.0.0.1 that counts what passed through it (CONNECT tunnels and requests). */
export interface CountingProxy {
  url: string;
  /** How many tunnels and plain requests it has carried so far. */
  count(): number;
  /** Drops open tunnels and stops listening. */
  close(): Promise<void>;
}

/** Starts a {@link CountingProxy} on a free port. */
export async function startCountingProxy(): Promise<CountingProxy> {
  const server = createProxy(createServer());
  let carried = 0;
  server.on('connect', () => {
    carried++;
  });
  server.on('request', () => {
    carried++;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => carried,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
