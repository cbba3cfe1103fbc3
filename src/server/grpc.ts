import {
  type Server,
  type ServerUnaryCall,
  type ServerWritableStream,
  status as Status,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { loadApi } from '../api/proto.js';
import { grpcPeerAddress } from './auth/authenticate.js';
import { type Guard, openGuard } from './auth/guard.js';
import { ServiceError } from './errors.js';
import type { Logger } from './logger.js';
import type { CallContext, Handler } from './services/admin.js';
import type { StreamHandler } from './services/watch.js';
import { BlobTooLargeError } from './storage/blob-store.js';

/** The services a server exposes: fully qualified service name → handlers by RPC name. */
export type ServiceHandlers = Record<string, Record<string, Handler>>;

/** The server-streaming RPCs a server exposes: fully qualified service name → handlers by RPC name. */
export type ServiceStreams = Record<string, Record<string, StreamHandler>>;

/**
 * Turns any thrown error into what a caller may see: a ServiceError's code and message as they are;
 * a read over `--storage.limits.maxDownloadMBs` as ResourceExhausted naming the limit; anything else
 * as Internal "internal error", with the detail logged (never sent).
 */
export function publicError(error: unknown, rpc: string, logger: Logger): { code: Status; message: string } {
  if (error instanceof ServiceError) return { code: error.code, message: error.message };
  if (error instanceof BlobTooLargeError) return { code: Status.RESOURCE_EXHAUSTED, message: error.message };
  logger.error('handler failed', {
    rpc,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return { code: Status.INTERNAL, message: 'internal error' };
}

/**
 * One line of the access log (`--server.security.auditAccess`): transport, method, principal (the
 * authenticated subject, `anonymous` before or without authentication), outcome (gRPC code name) and
 * duration in milliseconds.
 */
export function accessRecord(
  transport: 'grpc' | 'http',
  method: string,
  code: Status,
  started: number,
  context?: CallContext,
) {
  return {
    transport,
    method,
    principal: context?.identity?.subject ?? 'anonymous',
    outcome: Status[code] ?? String(code),
    ms: Date.now() - started,
  };
}

/** The metadata and peer of a gRPC call, as the authenticator reads them. */
function grpcCredentials(call: ServerUnaryCall<object, object> | ServerWritableStream<object, object>) {
  return {
    transport: 'grpc' as const,
    header: (name: string) => {
      const value = call.metadata.get(name)[0];
      return value === undefined ? undefined : String(value);
    },
    remoteAddress: grpcPeerAddress(call.getPeer()),
  };
}

/**
 * Adds every service of `services` to a gRPC server, each RPC bound to its handler after `guard`
 * admitted the call; server-streaming RPCs are bound to their handler in `streams` (a stream ends
 * with the handler, or with its error's status; a cancelled call aborts the handler's signal).
 */
export function addGrpcServices(
  server: Server,
  services: ServiceHandlers,
  logger: Logger,
  audit?: Logger,
  streams: ServiceStreams = {},
  guard: Guard = openGuard,
): void {
  const api = loadApi().grpc.orch.service as unknown as Record<string, { service: Record<string, unknown> }>;
  for (const [fullName, handlers] of Object.entries(services)) {
    const shortName = fullName.replace(/^orch\.service\./, '');
    const definition = api[shortName];
    if (!definition) throw new Error(`unknown service ${fullName}`);
    const implementation: Record<
      string,
      | ((call: ServerUnaryCall<object, object>, cb: sendUnaryData<object>) => void)
      | ((call: ServerWritableStream<object, object>) => void)
    > = {};
    for (const [rpc, method] of Object.entries(definition.service)) {
      if ((method as { responseStream?: boolean }).responseStream) {
        const stream = streams[fullName]?.[rpc];
        implementation[rpc] = (call: ServerWritableStream<object, object>) => {
          if (!stream) {
            call.emit('error', {
              code: Status.UNIMPLEMENTED,
              details: `${fullName}/${rpc} is not implemented`,
            });
            return;
          }
          const started = Date.now();
          const abort = new AbortController();
          call.on('cancelled', () => abort.abort());
          let context: CallContext | undefined;
          guard(`${fullName}/${rpc}`, grpcCredentials(call))
            .then((admitted) => {
              context = admitted;
              return stream(
                call.request as Record<string, unknown>,
                (message) => call.write(message),
                abort.signal,
              );
            })
            .then(
              () => {
                audit?.info(
                  'access',
                  accessRecord('grpc', `${fullName}/${rpc}`, Status.OK, started, context),
                );
                call.end();
              },
              (error: unknown) => {
                const failure = publicError(error, rpc, logger);
                audit?.info(
                  'access',
                  accessRecord('grpc', `${fullName}/${rpc}`, failure.code, started, context),
                );
                call.emit('error', { code: failure.code, details: failure.message });
              },
            );
        };
        continue;
      }
      const handler = handlers[rpc];
      implementation[rpc] = (call: ServerUnaryCall<object, object>, callback: sendUnaryData<object>) => {
        if (!handler) {
          callback({ code: Status.UNIMPLEMENTED, message: `${fullName}/${rpc} is not implemented` });
          return;
        }
        const started = Date.now();
        let context: CallContext | undefined;
        guard(`${fullName}/${rpc}`, grpcCredentials(call))
          .then((admitted) => {
            context = admitted;
            return handler(call.request as Record<string, unknown>, admitted);
          })
          .then(
            (response) => {
              audit?.info('access', accessRecord('grpc', `${fullName}/${rpc}`, Status.OK, started, context));
              callback(null, response);
            },
            (error: unknown) => {
              const failure = publicError(error, rpc, logger);
              audit?.info(
                'access',
                accessRecord('grpc', `${fullName}/${rpc}`, failure.code, started, context),
              );
              callback(failure);
            },
          );
      };
    }
    server.addService(definition.service as never, implementation);
  }
}
