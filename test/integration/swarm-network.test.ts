import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ensureIsolatedNetwork,
  explainTaskError,
  ISOLATED_CONFIG,
  ISOLATED_NETWORK,
} from '../../src/engines/swarm-engine.js';
import type { SwarmTaskRuntime } from '../../src/server/runtime/swarm-tasks.js';
import type { AttemptIds, TaskAttemptSpec } from '../../src/server/runtime/tasks.js';
import { nodeTestImage, testEngine } from '../helpers/docker.js';
import { openSwarmTasks, removeLabelledServices, swarmSuiteRuns } from '../helpers/swarm.js';

// What a swarm task without `network: true` reaches on the real engine (a one-node swarm): a TCP
// listener of this process on 0.0.0.0, tried from inside the task through every address of this
// machine (the isolated network's gateway, docker0, docker_gwbridge, eth0...). None may answer; a
// task with `network: true` reaches it, so the probe itself works.

const maybe = (await swarmSuiteRuns('swarm task network')) ? describe : describe.skip;
const engine = testEngine();
const RUN = `n${Date.now().toString(36)}`;

/**
 * Every IPv4 address of this machine but loopback (`ip -4 addr`: os.networkInterfaces() leaves out
 * interfaces that are down, such as docker0 while no container is on it), with the interface's name.
 */
function hostAddresses(): Array<{ address: string; device: string }> {
  const listed: Array<{ ifname: string; addr_info: Array<{ local: string }> }> = JSON.parse(
    execFileSync('ip', ['-j', '-4', 'addr', 'show'], { encoding: 'utf8' }),
  );
  return listed
    .filter((l) => l.ifname !== 'lo')
    .flatMap((l) => l.addr_info.map((a) => ({ address: a.local, device: l.ifname })));
}

/**
 * A task script that connects to `port` at each of `hosts` and at its own default gateway (5 s
 * deadline each) and writes `{gateway, reached: [...], failed: {host: code}, ipv6: [...]}` to its
 * outputs: its gateway, the hosts it reached, why the others failed, and the IPv6 addresses of its
 * interfaces.
 */
function probeScript(port: number, hosts: string[]): string {
  return `const net=require('net'),fs=require('fs'),os=require('os');
const route=fs.readFileSync('/proc/net/route','utf8').split('\\n').map(l=>l.split('\\t')).find(f=>f[1]==='00000000');
const gateway=route?Buffer.from(route[2],'hex').reverse().join('.'):null;
const hosts=[...new Set([...${JSON.stringify(hosts)},...(gateway?[gateway]:[])])];const reached=[],failed={};
const ipv6=Object.values(os.networkInterfaces()).flat().filter(a=>a.family==='IPv6').map(a=>a.address);
Promise.all(hosts.map(h=>new Promise(done=>{
  const s=net.connect({host:h,port:${port}});
  const end=(r)=>{clearTimeout(t);s.destroy();if(r===true)reached.push(h);else failed[h]=r;done();};
  const t=setTimeout(()=>end('deadline'),5000);
  s.on('connect',()=>end(true));s.on('error',e=>end(e.code||e.message));
}))).then(()=>fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({gateway,reached:reached.sort(),failed,ipv6})));`;
}

maybe('the network of a swarm task', () => {
  let image: string;
  let work: string;
  let runtime: SwarmTaskRuntime;
  let listener: Server;
  let port: number;
  let accepted = 0;
  let count = 0;

  beforeAll(async () => {
    image = await nodeTestImage(engine);
    work = await mkdtemp(join(tmpdir(), 'orch-swarm-net-'));
    runtime = await openSwarmTasks();
    listener = createServer((socket) => {
      accepted += 1;
      socket.on('error', () => undefined);
      socket.end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
    const address = listener.address();
    if (!address || typeof address === 'string') throw new Error('the listener has no port');
    port = address.port;
  }, 120_000);

  afterAll(async () => {
    listener?.close();
    await removeLabelledServices(`org.orch.execution=${RUN}`);
    await rm(work, { recursive: true, force: true });
  });

  /** Runs the probe as an attempt; resolves to what it wrote. */
  async function probe(
    hosts: string[],
    network: boolean,
  ): Promise<{ gateway: string | null; reached: string[]; failed: Record<string, string>; ipv6: string[] }> {
    count += 1;
    const ids: AttemptIds = {
      project: 'default',
      domain: 'development',
      execution: RUN,
      node: `n${count}`,
      attempt: 1,
    };
    const dir = join(work, `n${count}`);
    await mkdir(join(dir, 'io'), { recursive: true });
    await writeFile(join(dir, 'io', 'inputs.json'), '{}');
    const spec: TaskAttemptSpec = {
      ids,
      argv: ['node', '-e', probeScript(port, hosts)],
      env: {},
      dir,
      image,
      limits: {},
      network,
      timeoutMs: 60_000,
      signal: new AbortController().signal,
    };
    const end = await runtime.run(spec, async () => undefined);
    expect(end).toMatchObject({
      kind: 'exited',
      code: 0,
    });
    return JSON.parse(await readFile(join(dir, 'io', 'outputs.json'), 'utf8'));
  }

  test('a task without network: true reaches no address of the host: not its gateway, docker0, docker_gwbridge or eth0', async () => {
    const own = hostAddresses();
    const devices = own.map((a) => a.device);
    // The probe covers docker0, docker_gwbridge (a swarm node has it) and an address outside Docker.
    expect(devices).toEqual(expect.arrayContaining(['docker0', 'docker_gwbridge']));
    expect(devices.some((d) => d !== 'docker0' && d !== 'docker_gwbridge' && !d.startsWith('br-'))).toBe(
      true,
    );
    const hosts = own.map((a) => a.address);
    const result = await probe(hosts, false);
    // ...and the task's own gateway, the isolated network's.
    expect(result.gateway).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(result.reached).toEqual([]);
    expect(Object.keys(result.failed).sort()).toEqual([...new Set([...hosts, result.gateway])].sort());
    expect(result.ipv6).toEqual([]);
    expect(accepted).toBe(0);
  }, 90_000);

  test('a task with network: true reaches the same listener (the probe works)', async () => {
    const before = accepted;
    const result = await probe(['host.docker.internal', ...hostAddresses().map((a) => a.address)], true);
    expect(result.reached).toContain('host.docker.internal');
    expect(accepted).toBeGreaterThan(before);
  }, 90_000);

  test('the isolated network takes its options from the config-only network of the node; a node without it is named', async () => {
    const network = await engine.getNetwork(runtime.isolatedNetwork).inspect();
    expect([network.Internal, network.ConfigFrom?.Network]).toEqual([true, ISOLATED_CONFIG]);
    const config = await engine.getNetwork(ISOLATED_CONFIG).inspect();
    expect(config.ConfigOnly).toBe(true);
    expect(config.Options).toMatchObject({
      'com.docker.network.bridge.enable_icc': 'false',
      'com.docker.network.bridge.inhibit_ipv4': 'true',
    });
    // What Docker 20.10 says of a job placed on a node that lacks it.
    const explained = explainTaskError(`configuration network "${ISOLATED_CONFIG}" does not exist`);
    expect(explained).toContain(
      `docker network create --config-only -o com.docker.network.bridge.enable_icc=false -o com.docker.network.bridge.inhibit_ipv4=true ${ISOLATED_CONFIG}`,
    );
    expect(explainTaskError('No such image: x')).toBe('No such image: x');
  });

  test('an isolated network made without the configuration of isolation is not joined', async () => {
    const name = `${ISOLATED_NETWORK}-${RUN}`;
    // What an earlier admin made: a newer swarm bridge, internal, labelled, but with an address on the host.
    const made = await engine.createNetwork({
      Name: name,
      Driver: 'bridge',
      Scope: 'swarm',
      Internal: true,
      CheckDuplicate: true,
      Labels: { 'org.orch.kind': 'network' },
    });
    try {
      const fresh = await openSwarmTasks();
      expect(fresh.isolatedNetwork).not.toBe(made.id);
      expect(await ensureIsolatedNetwork(engine)).toBe(fresh.isolatedNetwork);
    } finally {
      await engine
        .getNetwork(made.id)
        .remove()
        .catch(() => undefined);
    }
  }, 60_000);
});
