import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, test } from '@jest/globals';
import {
  groupMembers,
  loopbackListeners,
  portOwnership,
  socketHolders,
} from '../../../src/server/runtime/port-owner.js';
import { waitUntil } from '../../helpers/wait.js';

// Real sockets and real processes: who holds a port is read from this machine's /proc.
const linux = existsSync('/proc/net/tcp');
const onLinux = linux ? test : test.skip;

const opened: Server[] = [];
const started: ChildProcess[] = [];

afterEach(async () => {
  for (const server of opened.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await exited;
  }
});

/** A listener in this process on `host` (all addresses when undefined); resolves with its port. */
async function listen(host: string | undefined, port = 0): Promise<number> {
  const server = createServer((socket) => socket.end());
  opened.push(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as { port: number }).port;
}

/**
 * Starts `sh -c script` leading a new process group, as the app runtime starts a revision; resolves
 * once it printed `ready`.
 */
async function group(script: string): Promise<ChildProcess> {
  const child = spawn('/bin/sh', ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready: ${out}`)));
  });
  return child;
}

/** A node server on `port` (`$PORT` of the shell) that prints `ready` once it listens. */
const NODE_SERVER = `node -e "require('net').createServer((s) => s.end()).listen(Number(process.env.PORT), () => console.log('ready'))"`;

describe('port ownership from /proc (Linux)', () => {
  onLinux('a port nobody listens on is free; a listener on ::1 alone does not take 127.0.0.1', async () => {
    const port = await listen('::1');
    expect(await portOwnership(port, undefined)).toEqual({ state: 'free' });
    expect(await loopbackListeners(port)).toEqual(new Set());
  });

  onLinux('listeners on 127.0.0.1, 0.0.0.0 and :: each hold the loopback port', async () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', undefined]) {
      const port = await listen(host);
      const inodes = await loopbackListeners(port);
      expect([host, inodes?.size]).toEqual([host, 1]);
      const holders = await socketHolders([...(inodes ?? [])]);
      expect(holders.map((holder) => holder.pid)).toEqual([process.pid]);
    }
  });

  onLinux(
    'a listener of the group is its own; a listener of another process is another program',
    async () => {
      const port = await listen('127.0.0.1', 0);
      await new Promise((resolve) => opened.pop()?.close(resolve));
      const app = await group(`PORT=${port} exec ${NODE_SERVER}`);
      expect(await portOwnership(port, app.pid)).toEqual({ state: 'own' });
      // The same port seen from a group that holds nothing there (this test's own).
      const other = await portOwnership(port, process.pid);
      expect(other.state).toBe('other');

      const foreign = await listen(undefined);
      const seen = await portOwnership(foreign, app.pid);
      expect(seen.state).toBe('other');
      const holders = await socketHolders(seen.state === 'other' ? seen.inodes : []);
      expect(holders).toEqual([{ pid: process.pid, command: expect.any(String), pgid: expect.any(Number) }]);
    },
  );

  onLinux(
    'a process the leader started holds the port for the group; once it is gone, nobody does',
    async () => {
      const port = await listen('127.0.0.1', 0);
      await new Promise((resolve) => opened.pop()?.close(resolve));
      // The leader is a shell that stays; the server is its child in the same group.
      const app = await group(`PORT=${port} ${NODE_SERVER} & wait`);
      const members = await groupMembers(app.pid ?? 0);
      expect(members[0]).toBe(app.pid);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(await portOwnership(port, app.pid)).toEqual({ state: 'own' });

      const exited = once(app, 'exit');
      process.kill(-(app.pid ?? 0), 'SIGKILL');
      await exited;
      const gone = async () =>
        (await portOwnership(port, app.pid)).state === 'free' &&
        (await groupMembers(app.pid ?? 0)).length === 0;
      await waitUntil(gone, { what: 'the group and its listener to be gone', timeoutMs: 3000 });
      expect(await portOwnership(port, app.pid)).toEqual({ state: 'free' });
      expect(await groupMembers(app.pid ?? 0)).toEqual([]);
    },
  );
});
