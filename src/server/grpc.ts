import {
  type Server,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  status as Status,
  type sendUnaryData,
} from '@grpc/grpc-js';
import type { AdminServiceHandlers } from '../api/generated/orch/service/v1/AdminService.js';
import type { ApiKeyServiceHandlers } from '../api/generated/orch/service/v1/ApiKeyService.js';
import type { AppServiceHandlers } from '../api/generated/orch/service/v1/AppService.js';
import type { AuthMetadataServiceHandlers } from '../api/generated/orch/service/v1/AuthMetadataService.js';
import type { DataProxyServiceHandlers } from '../api/generated/orch/service/v1/DataProxyService.js';
import type { IdentityServiceHandlers } from '../api/generated/orch/service/v1/IdentityService.js';
import type { SecretServiceHandlers } from '../api/generated/orch/service/v1/SecretService.js';
import { loadApi, undecodableReason } from '../api/proto.js';
import type { GrpcServerMetrics } from '../telemetry/metrics.js';
import { extractTraceContext, failSpan, inSpan, SpanKind } from '../telemetry/tracing.js';
import { grpcPeerAddress } from './auth/authenticate.js';
import { type Guard, openGuard } from './auth/guard.js';
import { checkLimits } from './auth/limits.js';
import { invalidArgument, ServiceError } from './errors.js';
import type { Logger } from './logger.js';
import type {
  CallContext,
  Handler,
  ServerStreamHandlers,
  StreamHandler,
  UnaryHandlers,
} from './services/handler.js';
import { BlobTooLargeError } from './storage/blob-store.js';

/**
 * The services a server exposes: fully qualified service name → its unary handlers by RPC name, each
 * record typed from the service's generated `*ServiceHandlers` interface.
 */
export type ServiceHandlers = {
  'orch.service.v1.AdminService'?: UnaryHandlers<AdminServiceHandlers>;
  'orch.service.v1.ApiKeyService'?: UnaryHandlers<ApiKeyServiceHandlers>;
  'orch.service.v1.AppService'?: UnaryHandlers<AppServiceHandlers>;
  'orch.service.v1.AuthMetadataService'?: UnaryHandlers<AuthMetadataServiceHandlers>;
  'orch.service.v1.DataProxyService'?: UnaryHandlers<DataProxyServiceHandlers>;
  'orch.service.v1.IdentityService'?: UnaryHandlers<IdentityServiceHandlers>;
  'orch.service.v1.SecretService'?: UnaryHandlers<SecretServiceHandlers>;
};

/** The server-streaming RPCs a server exposes: fully qualified service name → handlers by RPC name. */
export type ServiceStreams = {
  'orch.service.v1.AdminService'?: ServerStreamHandlers<AdminServiceHandlers>;
  'orch.service.v1.AppService'?: ServerStreamHandlers<AppServiceHandlers>;
};

/**
 * Handlers as a transport finds them: by service and RPC name, as the API's descriptor lists them
 * (every typed handler record is one; see {@link Handler}).
 */
export type HandlersByName<H> = Readonly<Record<string, Readonly<Record<string, H>> | undefined>>;

/** {@link ServiceHandlers} by name. */
export const unaryByName = (services: ServiceHandlers): HandlersByName<Handler> => services;

/** {@link ServiceStreams} by name. */
export const streamsByName = (streams: ServiceStreams): HandlersByName<StreamHandler> => streams;

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

/**
 * The request of an admitted call. @throws ServiceError INVALID_ARGUMENT when its bytes could not be
 * decoded (malformed, or nested deeper than the API's limit), which grpc-js would answer INTERNAL.
 */
function decodedRequest(request: unknown): object {
  const reason = undecodableReason(request);
  if (reason !== undefined) throw invalidArgument(reason);
  if (typeof request !== 'object' || request === null) throw invalidArgument('the request is not a message');
  return request;
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

/** Codes that mean the server failed (OpenTelemetry's rule for gRPC server spans); others are the caller's. */
const SERVER_FAULTS = new Set<Status>([
  Status.UNKNOWN,
  Status.DEADLINE_EXCEEDED,
  Status.UNIMPLEMENTED,
  Status.INTERNAL,
  Status.UNAVAILABLE,
  Status.DATA_LOSS,
]);

/**
 * Runs one served call inside a SERVER span named `<service>/<method>` whose parent is the trace
 * context the caller sent (W3C `traceparent` metadata), and counts it in `metrics`. `serve` returns
 * the call's status code; the span records it as `rpc.grpc.status_code`.
 */
function observed(
  fullName: string,
  rpc: string,
  type: 'unary' | 'server_stream',
  call: ServerUnaryCall<object, object> | ServerWritableStream<object, object>,
  metrics: GrpcServerMetrics | undefined,
  serve: () => Promise<{ code: Status; message?: string }>,
): void {
  const method = `${fullName}/${rpc}`;
  const finish = metrics?.start(method, type);
  void inSpan(
    method,
    {
      kind: SpanKind.SERVER,
      parent: extractTraceContext(call.metadata),
      attributes: { 'rpc.system': 'grpc', 'rpc.service': fullName, 'rpc.method': rpc },
    },
    async (span) => {
      const { code, message } = await serve();
      finish?.(Status[code] ?? String(code));
      if (span.isRecording()) {
        span.setAttribute('rpc.grpc.status_code', code);
        if (SERVER_FAULTS.has(code)) failSpan(span, new Error(message ?? Status[code]));
      }
    },
  );
}

/** One call to answer: who serves it, the caller's call, the work, and how to send its result or failure. */
interface CallToAnswer<T> {
  fullName: string;
  rpc: string;
  type: 'unary' | 'server_stream';
  call: ServerUnaryCall<object, object> | ServerWritableStream<object, object>;
  guard: Guard;
  logger: Logger;
  audit: Logger | undefined;
  metrics: GrpcServerMetrics | undefined;
  work: (admitted: CallContext) => Promise<T>;
  ok: (value: T) => void;
  fail: (failure: { code: Status; message: string }) => void;
}

/**
 * Answers one call: `guard` admits the caller, `work` runs, the access log gets its line (with the
 * admitted principal), and `ok` or `fail` sends the outcome; a handler's unexpected error becomes
 * INTERNAL (see {@link publicError}). Observed as in {@link observed}.
 */
function answer<T>(c: CallToAnswer<T>): void {
  const method = `${c.fullName}/${c.rpc}`;
  const started = Date.now();
  let context: CallContext | undefined;
  const record = (code: Status) =>
    c.audit?.info('access', accessRecord('grpc', method, code, started, context));
  observed(c.fullName, c.rpc, c.type, c.call, c.metrics, () =>
    c
      .guard(method, grpcCredentials(c.call))
      .then((admitted) => {
        context = admitted;
        return c.work(admitted);
      })
      .then(
        (value) => {
          record(Status.OK);
          c.ok(value);
          return { code: Status.OK };
        },
        (error: unknown) => {
          const failure = publicError(error, c.rpc, c.logger);
          record(failure.code);
          c.fail(failure);
          return failure;
        },
      ),
  );
}

/**
 * Adds every service of `services` to a gRPC server, each RPC bound to its handler after `guard`
 * admitted the call; server-streaming RPCs are bound to their handler in `streams` (a stream ends
 * with the handler, or with its error's status; a cancelled call aborts the handler's signal).
 * Each call runs in a span continuing the caller's trace and is counted in `metrics` when given.
 */
export function addGrpcServices(
  server: Server,
  services: ServiceHandlers,
  logger: Logger,
  audit?: Logger,
  streams: ServiceStreams = {},
  guard: Guard = openGuard,
  metrics?: GrpcServerMetrics,
): void {
  const api: Readonly<Record<string, { service: ServiceDefinition } | undefined>> =
    loadApi().grpc.orch.service.v1;
  const streamsOf = streamsByName(streams);
  for (const [fullName, handlers] of Object.entries(unaryByName(services))) {
    if (!handlers) continue;
    const shortName = fullName.replace(/^orch\.service\.v1\./, '');
    const definition = api[shortName];
    if (!definition) throw new Error(`unknown service ${fullName}`);
    const implementation: Record<
      string,
      | ((call: ServerUnaryCall<object, object>, cb: sendUnaryData<object>) => void)
      | ((call: ServerWritableStream<object, object>) => void)
    > = {};
    const shared = { fullName, guard, logger, audit, metrics };
    for (const [rpc, method] of Object.entries(definition.service)) {
      if (method.responseStream) {
        const stream = streamsOf[fullName]?.[rpc];
        implementation[rpc] = (call: ServerWritableStream<object, object>) => {
          if (!stream) {
            call.emit('error', {
              code: Status.UNIMPLEMENTED,
              details: `${fullName}/${rpc} is not implemented`,
            });
            return;
          }
          const abort = new AbortController();
          call.on('cancelled', () => abort.abort());
          answer({
            ...shared,
            rpc,
            type: 'server_stream',
            call,
            work: (admitted) => {
              const request = decodedRequest(call.request);
              // Unary handlers check the caller's limits themselves (server-services.ts); streams have no context.
              checkLimits(admitted.identity, `${fullName}/${rpc}`, request);
              return stream(request, (message) => call.write(message), abort.signal, {
                identity: admitted.identity,
              });
            },
            ok: () => call.end(),
            fail: (failure) => call.emit('error', { code: failure.code, details: failure.message }),
          });
        };
        continue;
      }
      const handler = handlers[rpc];
      implementation[rpc] = (call: ServerUnaryCall<object, object>, callback: sendUnaryData<object>) => {
        if (!handler) {
          callback({ code: Status.UNIMPLEMENTED, message: `${fullName}/${rpc} is not implemented` });
          return;
        }
        answer({
          ...shared,
          rpc,
          type: 'unary',
          call,
          work: (admitted) => handler(decodedRequest(call.request), admitted),
          ok: (response) => callback(null, response),
          fail: (failure) => callback(failure),
        });
      };
    }
    server.addService(definition.service, implementation);
  }
}
