import {
  Client,
  credentials,
  Metadata,
  type MethodDefinition,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type ServerWritableStream,
  type sendUnaryData,
  status,
} from '@grpc/grpc-js';
import { loadApi } from '../../src/api/proto.js';

/** One call the relay received. */
export interface RelayedCall {
  /** Full method path, e.g. `/orch.service.v1.AdminService/CreateExecution`. */
  path: string;
  /** When it arrived, in ms since the epoch. */
  arrivedAt: number;
  /** The deadline its caller sent (the `grpc-timeout` header), in ms since the epoch; Infinity for none. */
  deadline: number;
  /** The caller cancelled it (or its deadline passed) before it was answered. */
  cancelled: boolean;
  /** It was sent on to the target. */
  forwarded: boolean;
}

/**
 * A real gRPC server standing between a client and the admin server: it serves every method of every
 * `orch.service.v1.*` service (from the real `.proto` files) on 127.0.0.1:0, records each call, and
 * forwards unary calls byte for byte to `target`, with their metadata and deadline. Calls of a method
 * put on hold wait, unforwarded, until `release()`; a held call its caller cancels meanwhile is never
 * forwarded, so the target never sees it (the way a slow network or a busy load balancer would hold
 * it). Without a target every call is recorded and answered UNIMPLEMENTED; server streams are always
 * answered so.
 */
export interface GrpcRelay {
  /** `127.0.0.1:<port>`, for `AdminClient({ endpoint, insecure: true })`. */
  endpoint: string;
  /** Every call received, in order of arrival. */
  calls: RelayedCall[];
  /** Holds the calls of `rpc` (a method name such as `CreateExecution`) from now on. */
  hold(rpc: string): void;
  /** Ends the hold: held calls still wanted are forwarded; cancelled ones are dropped. */
  release(): void;
  /** The first call of `rpc` received (waiting up to `timeoutMs` for it). @throws Error on timeout */
  arrival(rpc: string, timeoutMs?: number): Promise<RelayedCall>;
  /** Stops the relay (open calls are cancelled). */
  close(): Promise<void>;
}

const identity = (value: Buffer) => value;

/** Starts a {@link GrpcRelay} to the admin at `target` (`host:port`, plaintext), or to nothing. */
export async function startGrpcRelay(target?: string): Promise<GrpcRelay> {
  const upstream = target ? new Client(target, credentials.createInsecure()) : undefined;
  const server = new Server();
  const calls: RelayedCall[] = [];
  const held = new Set<string>();
  let waiting: Array<() => void> = [];

  const services = loadApi().grpc.orch.service.v1 as unknown as Record<
    string,
    { service?: Record<string, MethodDefinition<unknown, unknown>> }
  >;
  for (const stub of Object.values(services)) {
    if (!stub.service) continue;
    const definition: Record<string, MethodDefinition<Buffer, Buffer>> = {};
    const implementation: Record<string, unknown> = {};
    for (const [name, method] of Object.entries(stub.service)) {
      definition[name] = {
        path: method.path,
        requestStream: method.requestStream,
        responseStream: method.responseStream,
        requestSerialize: identity,
        requestDeserialize: identity,
        responseSerialize: identity,
        responseDeserialize: identity,
      };
      const record = (call: ServerUnaryCall<Buffer, Buffer> | ServerWritableStream<Buffer, Buffer>) => {
        const deadline = call.getDeadline();
        const entry: RelayedCall = {
          path: method.path,
          arrivedAt: Date.now(),
          deadline: deadline instanceof Date ? deadline.getTime() : deadline,
          cancelled: false,
          forwarded: false,
        };
        call.on('cancelled', () => {
          entry.cancelled = true;
        });
        calls.push(entry);
        return entry;
      };
      if (method.responseStream) {
        implementation[name] = (call: ServerWritableStream<Buffer, Buffer>) => {
          record(call);
          call.emit('error', { code: status.UNIMPLEMENTED, details: 'the relay does not forward streams' });
        };
        continue;
      }
      implementation[name] = (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
        const entry = record(call);
        const forward = () => {
          if (entry.cancelled || call.cancelled) {
            entry.cancelled = true;
            return;
          }
          if (!upstream) {
            callback({ code: status.UNIMPLEMENTED, details: 'the relay has no target' });
            return;
          }
          entry.forwarded = true;
          const metadata = new Metadata();
          for (const [key, value] of Object.entries(call.metadata.getMap())) {
            if (key !== 'user-agent') metadata.set(key, value);
          }
          const deadline = call.getDeadline();
          const out = upstream.makeUnaryRequest(
            method.path,
            identity,
            identity,
            call.request,
            metadata,
            { deadline },
            (error, response) => {
              if (error) callback(error);
              else callback(null, response);
            },
          );
          call.on('cancelled', () => out.cancel());
        };
        if (held.has(name)) waiting.push(forward);
        else forward();
      };
    }
    server.addService(definition, implementation as never);
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    endpoint: `127.0.0.1:${port}`,
    calls,
    hold(rpc) {
      held.add(rpc);
    },
    release() {
      held.clear();
      const go = waiting;
      waiting = [];
      for (const forward of go) forward();
    },
    async arrival(rpc, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = calls.find((call) => call.path.endsWith(`/${rpc}`));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no ${rpc} call reached the relay in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      upstream?.close();
      server.forceShutdown();
    },
  };
}
