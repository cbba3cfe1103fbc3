import { readFileSync } from 'node:fs';
import {
  type CallOptions,
  type ChannelCredentials,
  type ChannelOptions,
  type ClientReadableStream,
  type ClientUnaryCall,
  credentials,
  Metadata,
  type requestCallback,
  status,
} from '@grpc/grpc-js';
import pRetry from 'p-retry';
import type { App__Output as AppOut } from '../api/generated/orch/admin/v1/App.js';
import type { AppStatus__Output as AppStatusOut } from '../api/generated/orch/admin/v1/AppStatus.js';
import type { CreateApiKeyRequest } from '../api/generated/orch/admin/v1/CreateApiKeyRequest.js';
import type { CreateApiKeyResponse__Output as CreateApiKeyResponseOut } from '../api/generated/orch/admin/v1/CreateApiKeyResponse.js';
import type { CreateSecretRequest } from '../api/generated/orch/admin/v1/CreateSecretRequest.js';
import type { CreateSecretResponse__Output as CreateSecretResponseOut } from '../api/generated/orch/admin/v1/CreateSecretResponse.js';
import type { CreateTrustPolicyRequest } from '../api/generated/orch/admin/v1/CreateTrustPolicyRequest.js';
import type { CreateTrustPolicyResponse__Output as CreateTrustPolicyResponseOut } from '../api/generated/orch/admin/v1/CreateTrustPolicyResponse.js';
import type { DeleteApiKeyRequest } from '../api/generated/orch/admin/v1/DeleteApiKeyRequest.js';
import type { DeleteApiKeyResponse__Output as DeleteApiKeyResponseOut } from '../api/generated/orch/admin/v1/DeleteApiKeyResponse.js';
import type { DeleteSecretRequest } from '../api/generated/orch/admin/v1/DeleteSecretRequest.js';
import type { DeleteSecretResponse__Output as DeleteSecretResponseOut } from '../api/generated/orch/admin/v1/DeleteSecretResponse.js';
import type { DeleteTrustPolicyRequest } from '../api/generated/orch/admin/v1/DeleteTrustPolicyRequest.js';
import type { DeleteTrustPolicyResponse__Output as DeleteTrustPolicyResponseOut } from '../api/generated/orch/admin/v1/DeleteTrustPolicyResponse.js';
import type { DeployAppRequest } from '../api/generated/orch/admin/v1/DeployAppRequest.js';
import type { ExecutionEvent__Output as ExecutionEventOut } from '../api/generated/orch/admin/v1/ExecutionEvent.js';
import type { GetAppRequest } from '../api/generated/orch/admin/v1/GetAppRequest.js';
import type { GetSecretRequest } from '../api/generated/orch/admin/v1/GetSecretRequest.js';
import type { GetSecretResponse__Output as GetSecretResponseOut } from '../api/generated/orch/admin/v1/GetSecretResponse.js';
import type { GetTrustPolicyRequest } from '../api/generated/orch/admin/v1/GetTrustPolicyRequest.js';
import type { GetTrustPolicyResponse__Output as GetTrustPolicyResponseOut } from '../api/generated/orch/admin/v1/GetTrustPolicyResponse.js';
import type { ListApiKeysRequest } from '../api/generated/orch/admin/v1/ListApiKeysRequest.js';
import type { ListApiKeysResponse__Output as ListApiKeysResponseOut } from '../api/generated/orch/admin/v1/ListApiKeysResponse.js';
import type { ListAppsRequest } from '../api/generated/orch/admin/v1/ListAppsRequest.js';
import type { ListAppsResponse__Output as ListAppsResponseOut } from '../api/generated/orch/admin/v1/ListAppsResponse.js';
import type { ListSecretsRequest } from '../api/generated/orch/admin/v1/ListSecretsRequest.js';
import type { ListSecretsResponse__Output as ListSecretsResponseOut } from '../api/generated/orch/admin/v1/ListSecretsResponse.js';
import type { ListTrustPoliciesRequest } from '../api/generated/orch/admin/v1/ListTrustPoliciesRequest.js';
import type { ListTrustPoliciesResponse__Output as ListTrustPoliciesResponseOut } from '../api/generated/orch/admin/v1/ListTrustPoliciesResponse.js';
import type { OAuth2MetadataResponse__Output as OAuth2MetadataOut } from '../api/generated/orch/admin/v1/OAuth2MetadataResponse.js';
import type { StopAppRequest } from '../api/generated/orch/admin/v1/StopAppRequest.js';
import type { UpdateSecretRequest } from '../api/generated/orch/admin/v1/UpdateSecretRequest.js';
import type { UpdateSecretResponse__Output as UpdateSecretResponseOut } from '../api/generated/orch/admin/v1/UpdateSecretResponse.js';
import type { UserInfoResponse__Output as UserInfoOut } from '../api/generated/orch/admin/v1/UserInfoResponse.js';
import type { AdminServiceClient } from '../api/generated/orch/service/v1/AdminService.js';
import type { ApiKeyServiceClient } from '../api/generated/orch/service/v1/ApiKeyService.js';
import type { AppServiceClient } from '../api/generated/orch/service/v1/AppService.js';
import type { AuthMetadataServiceClient } from '../api/generated/orch/service/v1/AuthMetadataService.js';
import type { DataProxyServiceClient } from '../api/generated/orch/service/v1/DataProxyService.js';
import type { IdentityServiceClient } from '../api/generated/orch/service/v1/IdentityService.js';
import type { SecretServiceClient } from '../api/generated/orch/service/v1/SecretService.js';
import { errorMessage } from '../api/guards.js';
import { loadApi } from '../api/proto.js';
import type { Identifier } from '../api/types.js';
import {
  type CreateDownloadLinkRequest,
  type CreateDownloadLinkResponseOut,
  type CreateUploadLocationRequest,
  type CreateUploadLocationResponseOut,
  type ExecutionCreateRequest,
  type ExecutionDataOut,
  type ExecutionListOut,
  type ExecutionOut,
  executionConsoleUrl,
  type GetVersionResponseOut,
  type LaunchPlan,
  type LaunchPlanListOut,
  type LaunchPlanOut,
  type NamedEntityIdentifierListOut,
  type NodeExecutionDataOut,
  type NodeExecutionListOut,
  type Project,
  type ProjectOut,
  type ProjectsOut,
  type PublicClientConfigOut,
  type ResourceListRequest,
  type TaskListOut,
  type TaskOut,
  type TaskSpec,
  TERMINAL_PHASES,
  type WorkflowExecutionIdentifier,
  type WorkflowExecutionIdentifierOut,
  type WorkflowListOut,
  type WorkflowOut,
  type WorkflowSpec,
} from '../api/types.js';
import type { GrpcClientMetrics } from '../telemetry/metrics.js';
import { failSpan, injectTraceContext, inSpan, SpanKind } from '../telemetry/tracing.js';
import { parseEndpoint } from './endpoint.js';
import { AdminError, CancelledError, type ConnectionInfo, fromGrpcError, grpcCodeOf } from './errors.js';
import type { AuthDiscovery, TokenSource } from './token-source.js';

/**
 * Reads a PEM bundle of certificate authorities.
 * @throws Error naming the file when it cannot be read.
 */
function readCaFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`cannot read the CA certificate file ${path}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/** Retry policy of unary calls (spec: `maxRetries`, `perRetryTimeout`, `maxBackoffDelay`). */
export interface RetryOptions {
  /** Attempts in all, the first included. @default 4 */
  maxAttempts?: number;
  /** Deadline of each attempt, in seconds. @default 15 */
  perAttemptSeconds?: number;
  /** Longest wait between attempts, in seconds. @default 8 */
  maxBackoffSeconds?: number;
  /** Wait before the second attempt, in milliseconds; doubled each time, with jitter (x1..x2). @default 100 */
  initialBackoffMs?: number;
}

/** Options of {@link AdminClient}. */
export interface AdminClientOptions {
  /** Admin gRPC endpoint in any form {@link parseEndpoint} accepts. */
  endpoint: string;
  /** Plaintext instead of TLS. @default false (or what an `http://` / `https://` endpoint implies) */
  insecure?: boolean;
  /** PEM file of the certificate authority that signed the server's certificate (`--admin.caCertFilePath`). */
  caCertFile?: string;
  /** TLS without checking the server's certificate (`--admin.insecureSkipVerify`); the caller warns. */
  insecureSkipVerify?: boolean;
  /** Deadline of each attempt, in seconds; the same as `retry.perAttemptSeconds`. @default 15 */
  deadlineSeconds?: number;
  /** Retry policy; see {@link RetryOptions}. */
  retry?: RetryOptions;
  /** HTTP/2 keepalive pings: interval and ack timeout in seconds, and whether to ping with no call open. */
  keepalive?: { timeSeconds: number; timeoutSeconds: number; permitWithoutStream: boolean };
  /** Largest message accepted from the server, in bytes. @default 10485760 */
  maxReceiveMessageBytes?: number;
  /** gRPC service config JSON (load balancing). @default round robin */
  serviceConfig?: string;
  /** Console base URL; when absent, the admin's advertised HTTP address is used. */
  consoleEndpoint?: string;
  /** Sent as `x-orch-client` metadata and in the user agent, e.g. `orchctl/0.1.0`. */
  clientName?: string;
  /**
   * Bearer tokens; without one, calls are anonymous. Authentication is lazy (see {@link TokenSource}):
   * the first call carries a cached token or none, and a token is asked for on Unauthenticated.
   */
  tokenSource?: TokenSource;
  /**
   * Metadata key the token is sent in (`--admin.authorizationHeader`, `--orch.auth.authorizationMetadataKey`);
   * when absent, the key the server advertises in its public client config, else `authorization`.
   */
  authorizationHeader?: string;
  /** Token sent as `proxy-authorization: Bearer <token>` on every call (`--admin.proxyCommand`). */
  proxyTokenSource?: TokenSource;
  /**
   * Counts (and, when its histograms are on, times) every attempt of a unary call
   * (`--sharedservice.metrics.enableClientGrpcHistograms`). @default none
   */
  metrics?: GrpcClientMetrics;
}

/**
 * Per-call options: the last argument of every {@link AdminClient} method (deadlines and cancellation
 * per call, as temporal's `withDeadline` and `withAbortSignal`). Both are optional; without them a
 * call is still bounded by the per-attempt deadline (see {@link RetryOptions}).
 */
export interface AdminCallOptions {
  /**
   * Cancels the call when it aborts: the attempt in flight is cancelled with grpc-js `call.cancel()`
   * (the server sees the call cancelled), a backoff wait ends, no further attempt starts, and the
   * method rejects with {@link CancelledError} whose `cause` is `signal.reason`. A signal that has
   * already aborted fails the call before anything is sent. @default none
   */
  signal?: AbortSignal;
  /**
   * Deadline of the whole call, an absolute time: retries and backoff waits included. Each attempt's
   * gRPC deadline is the earlier of this and now + `perAttemptSeconds`; once it has passed no attempt
   * starts and the method rejects with `DeadlineExceededError`. Streams (`watchExecution`,
   * `deployApp`) end at the earlier of this and their own `deadlineSeconds`.
   * @default none: each attempt still has its own deadline (`perAttemptSeconds`, 15 s), so a call
   *   lasts at most `maxAttempts` x (`perAttemptSeconds` + `maxBackoffSeconds`)
   */
  deadline?: Date;
}

/**
 * Rejects with `signal.reason` as soon as `signal` aborts; otherwise settles like `promise` (whose
 * later rejection is then ignored). Without a signal, `promise` itself.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A raw gRPC-shaped DEADLINE_EXCEEDED, for a call whose own deadline passed between attempts. */
function callDeadlinePassed(attempts: number): Error {
  return Object.assign(new Error('the deadline of the call passed'), {
    code: status.DEADLINE_EXCEEDED,
    details: `the deadline of the call passed after ${attempts} attempt(s)`,
  });
}

/** The deadline of a stream: `seconds` from now, or the call's `deadline` when that is earlier. */
function streamDeadline(options: AdminCallOptions & { deadlineSeconds?: number }, seconds: number): Date {
  const own = Date.now() + (options.deadlineSeconds ?? seconds) * 1000;
  return new Date(Math.min(own, options.deadline?.getTime() ?? own));
}

/** Cancels `call` (grpc-js `call.cancel()`) when `signal` aborts, until the call ends. */
function cancelOnAbort(
  call: NodeJS.EventEmitter & { cancel(): void },
  signal: AbortSignal | undefined,
): void {
  if (!signal) return;
  if (signal.aborted) {
    call.cancel();
    return;
  }
  const onAbort = () => call.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  call.once('close', () => signal.removeEventListener('abort', onAbort));
  call.once('error', () => signal.removeEventListener('abort', onAbort));
  call.once('end', () => signal.removeEventListener('abort', onAbort));
}

/** How {@link AdminClient} prepares a call's token: see `metadataFor`. */
type TokenStep = 'first' | 'fresh' | 'refresh';

/**
 * A unary method of a generated stub (e.g. `AdminServiceClient['GetProject']`) in the form the
 * client calls it: request, metadata, call options, and a callback given the response.
 */
type UnaryMethod<Request, Response> = (
  argument: Request,
  metadata: Metadata,
  options: CallOptions,
  callback: requestCallback<Response>,
) => ClientUnaryCall;

/** A server-streaming method of a generated stub (e.g. `AdminServiceClient['WatchExecution']`). */
type ServerStreamMethod<Request, Response> = (
  argument: Request,
  metadata: Metadata,
  options?: CallOptions,
) => ClientReadableStream<Response>;

/**
 * The request and response types of an RPC, read from its generated method (`proto/` through
 * `npm run gen:proto`): a unary method's last overload is `(argument, callback)`, a server-streaming
 * method's is `(argument, options?)`; anything else gives `never`.
 */
type UnaryTypes<M> = M extends (argument: infer Q, callback: requestCallback<infer R>) => ClientUnaryCall
  ? { request: Q; response: R }
  : never;
type StreamTypes<M> = M extends (argument: infer Q, options?: CallOptions) => ClientReadableStream<infer R>
  ? { request: Q; response: R }
  : never;
type UnaryRequest<M> = UnaryTypes<M>['request'];
type UnaryResponse<M> = UnaryTypes<M>['response'];
type StreamRequest<M> = StreamTypes<M>['request'];
type StreamResponse<M> = StreamTypes<M>['response'];

/** The unary RPCs of a stub: its generated PascalCase methods (`GetProject`) that take a callback. */
type UnaryRpc<S> = {
  [K in keyof S & string]: K extends Capitalize<K> ? ([UnaryTypes<S[K]>] extends [never] ? never : K) : never;
}[keyof S & string];
/** The server-streaming RPCs of a stub (`WatchExecution`). */
type StreamRpc<S> = {
  [K in keyof S & string]: K extends Capitalize<K>
    ? [StreamTypes<S[K]>] extends [never]
      ? never
      : K
    : never;
}[keyof S & string];

/**
 * A stub whose methods named `K` are unary RPCs: the constraint of the call helpers, so that the
 * compiler checks each RPC's name, request and response against the generated service client.
 */
type UnaryStub<S, K extends keyof S> = { [P in K]: UnaryMethod<UnaryRequest<S[P]>, UnaryResponse<S[P]>> };
/** A stub whose methods named `K` are server-streaming RPCs (see {@link UnaryStub}). */
type StreamStub<S, K extends keyof S> = {
  [P in K]: ServerStreamMethod<StreamRequest<S[P]>, StreamResponse<S[P]>>;
};

/** The fully qualified service name of a stub (`orch.service.v1.AdminService`), for spans and metrics. */
function serviceNameOf(stub: object): string {
  const stubClass = stub.constructor;
  const name =
    'serviceName' in stubClass && typeof stubClass.serviceName === 'string'
      ? stubClass.serviceName
      : 'unknown';
  return name.includes('.') ? name : `orch.service.v1.${name}`;
}

/**
 * The execution id of a CreateExecution or RelaunchExecution answer.
 * @throws AdminError (INTERNAL) when the answer has none, which the admin never sends.
 */
function executionIdOf(
  rpc: string,
  response: { id: WorkflowExecutionIdentifierOut | null },
): WorkflowExecutionIdentifierOut {
  if (response.id) return response.id;
  throw new AdminError(`${rpc} answered without an execution id`, status.INTERNAL, rpc);
}

/** Round-robin over every address the name resolves to. */
export const DEFAULT_SERVICE_CONFIG = JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] });

/** Codes retried with backoff: the call may succeed later (DeadlineExceeded: that attempt's deadline). */
const RETRYABLE = new Set<number>([status.UNAVAILABLE, status.RESOURCE_EXHAUSTED, status.DEADLINE_EXCEEDED]);
const retryable = (error: unknown) => RETRYABLE.has(grpcCodeOf(error) ?? -1);

/**
 * The one admin client used by `orchctl`, `orch`, the Action and the webhook: one channel holding the
 * typed stubs of every service, a deadline on every attempt, retries with exponential backoff and
 * jitter on Unavailable, ResourceExhausted and DeadlineExceeded, and typed errors (see `errors.ts`).
 *
 * Authentication is lazy: the first call carries the token source's cached token, or none; when the
 * server answers Unauthenticated the client gets a token (discovering the token endpoint over this
 * channel when needed) and tries once more; from then on every call carries a token. A token source
 * that cannot give a token (refused credentials, a failing command) fails the call at once with an
 * {@link UnauthenticatedError} naming the flow, without retries.
 *
 * Every RPC has a deadline: each attempt of a unary call gets `perAttemptSeconds` (15 s by default),
 * cut to the call's own `deadline` when one is given, and streams get `deadlineSeconds`. Every method
 * takes {@link AdminCallOptions} last (`signal`, `deadline`).
 * Every method throws an {@link AdminError} subclass on failure ({@link CancelledError} once its
 * signal aborted).
 */
export class AdminClient {
  private readonly admin: AdminServiceClient;
  private readonly authMetadata: AuthMetadataServiceClient;
  private readonly dataProxy: DataProxyServiceClient;
  private readonly secrets: SecretServiceClient;
  private readonly apiKeys: ApiKeyServiceClient;
  private readonly identity: IdentityServiceClient;
  private readonly apps: AppServiceClient;
  private readonly metadata = new Metadata();
  private consoleBase: string | undefined;
  private readonly retry: Required<RetryOptions>;
  private readonly connection: ConnectionInfo;
  private headerName: Promise<string> | undefined;
  /** The header {@link headerName} resolved to, once it has. */
  private headerKnown: string | undefined;
  /** Set once the server asked for a token, or a token was sent: later calls always carry one. */
  private authRequired = false;
  private oauth2Metadata: Promise<OAuth2MetadataOut> | undefined;
  private publicConfig: Promise<PublicClientConfigOut> | undefined;
  /** Discovery for token sources, answered once per client (a failed answer is asked again). */
  private readonly discovery: AuthDiscovery = {
    oauth2Metadata: () =>
      (this.oauth2Metadata ??= this.getOAuth2Metadata().catch((error: unknown) => {
        this.oauth2Metadata = undefined;
        throw error;
      })),
    publicClientConfig: () =>
      (this.publicConfig ??= this.getPublicClientConfig().catch((error: unknown) => {
        this.publicConfig = undefined;
        throw error;
      })),
  };

  constructor(private readonly options: AdminClientOptions) {
    const { target, tlsFromScheme } = parseEndpoint(options.endpoint);
    const insecure = options.insecure ?? tlsFromScheme === false;
    const creds: ChannelCredentials = insecure
      ? credentials.createInsecure()
      : credentials.createSsl(
          options.caCertFile ? readCaFile(options.caCertFile) : null,
          null,
          null,
          options.insecureSkipVerify
            ? { rejectUnauthorized: false, checkServerIdentity: () => undefined }
            : {},
        );
    this.connection = {
      endpoint: options.endpoint,
      tls: insecure
        ? 'plaintext'
        : options.insecureSkipVerify
          ? 'TLS without certificate verification'
          : options.caCertFile
            ? `TLS verified by CA ${options.caCertFile}`
            : 'TLS verified by the system roots',
      auth: options.tokenSource?.mode ?? 'none',
    };
    const keepalive = options.keepalive;
    const channelOptions: ChannelOptions = {
      'grpc.max_receive_message_length': options.maxReceiveMessageBytes ?? 10_485_760,
      'grpc.service_config': options.serviceConfig || DEFAULT_SERVICE_CONFIG,
      // Our own retries (below) replace the channel's transparent ones, so attempts are counted once.
      'grpc.enable_retries': 0,
      ...(options.clientName ? { 'grpc.primary_user_agent': options.clientName } : {}),
      ...(keepalive
        ? {
            'grpc.keepalive_time_ms': Math.round(keepalive.timeSeconds * 1000),
            'grpc.keepalive_timeout_ms': Math.round(keepalive.timeoutSeconds * 1000),
            'grpc.keepalive_permit_without_calls': keepalive.permitWithoutStream ? 1 : 0,
          }
        : {}),
    };
    const api = loadApi().grpc.orch.service.v1;
    this.admin = new api.AdminService(target, creds, channelOptions);
    // Shares the channel of the first stub.
    this.authMetadata = new api.AuthMetadataService(target, creds, {
      channelOverride: this.admin.getChannel(),
    });
    this.dataProxy = new api.DataProxyService(target, creds, { channelOverride: this.admin.getChannel() });
    this.secrets = new api.SecretService(target, creds, { channelOverride: this.admin.getChannel() });
    this.apiKeys = new api.ApiKeyService(target, creds, { channelOverride: this.admin.getChannel() });
    this.identity = new api.IdentityService(target, creds, { channelOverride: this.admin.getChannel() });
    this.apps = new api.AppService(target, creds, { channelOverride: this.admin.getChannel() });
    this.retry = {
      maxAttempts: Math.max(1, options.retry?.maxAttempts ?? 4),
      perAttemptSeconds: options.retry?.perAttemptSeconds ?? options.deadlineSeconds ?? 15,
      maxBackoffSeconds: options.retry?.maxBackoffSeconds ?? 8,
      initialBackoffMs: options.retry?.initialBackoffMs ?? 100,
    };
    this.consoleBase = options.consoleEndpoint || undefined;
    if (options.clientName) this.metadata.set('x-orch-client', options.clientName);
  }

  /**
   * One attempt of `rpc` with its own deadline (`perAttemptSeconds`, cut to the call's `deadline`),
   * cancelled with `call.cancel()` when `signal` aborts, counted in `options.metrics`.
   */
  private attempt<S extends UnaryStub<S, K>, K extends UnaryRpc<S>>(
    stub: S,
    rpc: K,
    request: UnaryRequest<S[K]>,
    metadata: Metadata,
    options: AdminCallOptions,
  ): Promise<UnaryResponse<S[K]>> {
    const perAttempt = Date.now() + this.retry.perAttemptSeconds * 1000;
    const deadline = new Date(Math.min(perAttempt, options.deadline?.getTime() ?? perAttempt));
    const signal = options.signal;
    const metrics = this.options.metrics;
    const began = metrics ? process.hrtime.bigint() : 0n;
    return new Promise((resolve, reject) => {
      const call = stub[rpc](request, metadata, { deadline }, (err, res) => {
        signal?.removeEventListener('abort', onAbort);
        if (metrics) {
          const code = err ? (err.code ?? status.UNKNOWN) : status.OK;
          metrics.observe(
            `${serviceNameOf(stub)}/${rpc}`,
            status[code] ?? String(code),
            Number(process.hrtime.bigint() - began) / 1e9,
          );
        }
        // grpc-js answers OK only with a message (else INTERNAL "No message received").
        if (err || res === undefined) reject(err ?? new Error(`${rpc} answered OK without a message`));
        else resolve(res);
      });
      // The callback then runs with status CANCELLED.
      const onAbort = () => call.cancel();
      if (signal?.aborted) call.cancel();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The error of a call its caller's signal aborted; `cause` is the signal's reason. */
  private cancelled(rpc: string, signal: AbortSignal): CancelledError {
    return new CancelledError(
      `${rpc} to ${this.connection.endpoint} was cancelled by the caller`,
      status.CANCELLED,
      rpc,
      { cause: signal.reason },
    );
  }

  /** The metadata key tokens go in: configured, else advertised by the server, else `authorization`. */
  private authorizationKey(): Promise<string> {
    if (this.options.authorizationHeader)
      return Promise.resolve(this.options.authorizationHeader.toLowerCase());
    this.headerName ??= this.discovery
      .publicClientConfig()
      .then(
        (config) => (config.authorization_metadata_key || 'authorization').toLowerCase(),
        () => 'authorization',
      )
      .then((key) => {
        this.headerKnown = key;
        return key;
      });
    return this.headerName;
  }

  /**
   * A copy of the client's metadata with the W3C trace context of the call's span (nothing without a
   * registered propagator), the proxy token when given, and `key: Bearer <token>` when both are
   * given. `sent` says whether a token went; once one has, every later call carries one.
   */
  private stamped(
    proxyToken: string | undefined,
    token: string | undefined,
    key: string | undefined,
  ): { metadata: Metadata; sent: boolean } {
    const metadata = this.metadata.clone();
    injectTraceContext(metadata);
    if (proxyToken !== undefined) metadata.set('proxy-authorization', `Bearer ${proxyToken}`);
    if (token === undefined || key === undefined) return { metadata, sent: false };
    this.authRequired = true;
    metadata.set(key, `Bearer ${token}`);
    return { metadata, sent: true };
  }

  /**
   * The first attempt's metadata when everything it needs is at hand (no proxy token, and either no
   * token to send or a token the source holds under a known header), as {@link metadataFor} `first`
   * would make it; undefined when that has to wait.
   */
  private metadataNow(authenticate: boolean): { metadata: Metadata; sent: boolean } | undefined {
    if (this.options.proxyTokenSource) return undefined;
    const source = this.options.tokenSource;
    const token = authenticate && source ? source.held?.() : undefined;
    if (authenticate && source && token === undefined) return undefined;
    const key = this.options.authorizationHeader?.toLowerCase() ?? this.headerKnown;
    if (token !== undefined && key === undefined) return undefined;
    return this.stamped(undefined, token, key);
  }

  /**
   * The call's metadata: the client's own, the proxy token, and with `authenticate` and a token
   * source, the bearer token. `first`: the cached token (a source without `cached` is asked), or none
   * until the server has asked for one; `fresh`: a token, after an anonymous call was refused;
   * `refresh`: a new token, after the one sent was refused. `sent` says whether a token went.
   * @throws AuthFlowError when the source has no token to give.
   */
  private async metadataFor(
    authenticate: boolean,
    step: TokenStep,
  ): Promise<{ metadata: Metadata; sent: boolean }> {
    const proxy = this.options.proxyTokenSource;
    const proxyToken = proxy ? await proxy.token({ refresh: false }) : undefined;
    const source = this.options.tokenSource;
    if (!authenticate || !source) return this.stamped(proxyToken, undefined, undefined);
    let token: string | undefined;
    if (step === 'first' && !this.authRequired && !source.eager && source.cached)
      token = await source.cached();
    else token = await source.token({ refresh: step === 'refresh', discovery: this.discovery });
    const key = token === undefined ? undefined : await this.authorizationKey();
    return this.stamped(proxyToken, token, key);
  }

  /** Whether a refused call may be tried again once with a (new) token. */
  private mayAuthenticate(error: unknown, authenticate: boolean): boolean {
    return (
      grpcCodeOf(error) === status.UNAUTHENTICATED && authenticate && this.options.tokenSource !== undefined
    );
  }

  /**
   * Runs `rpc` with the retry policy, within the call's `deadline` and until its `signal` aborts;
   * rejects with the last raw gRPC error, or {@link CancelledError} once the signal aborted.
   */
  private async callWithRetries<S extends UnaryStub<S, K>, K extends UnaryRpc<S>>(
    stub: S,
    rpc: K,
    request: UnaryRequest<S[K]>,
    authenticate: boolean,
    options: AdminCallOptions,
  ): Promise<UnaryResponse<S[K]>> {
    const { signal, deadline } = options;
    let attempts = 0;
    let refreshed = false;
    const timeLeft = () => (deadline ? deadline.getTime() - Date.now() : Number.POSITIVE_INFINITY);
    try {
      if (signal?.aborted) throw signal.reason;
      // A token source may go to the network: the call gives up waiting for it when the signal aborts.
      let { metadata, sent } =
        this.metadataNow(authenticate) ??
        (await untilAborted(this.metadataFor(authenticate, 'first'), signal));
      const { maxAttempts, initialBackoffMs, maxBackoffSeconds } = this.retry;
      const once = async (): Promise<UnaryResponse<S[K]>> => {
        if (signal?.aborted) throw signal.reason;
        if (timeLeft() <= 0) throw callDeadlinePassed(attempts);
        attempts += 1;
        try {
          return await this.attempt(stub, rpc, request, metadata, options);
        } catch (error) {
          // Refused: get a token (a new one if one was sent) once, then try again at once. A token
          // source failure (AuthFlowError) is not retried: it ends the call.
          if (!refreshed && this.mayAuthenticate(error, authenticate)) {
            refreshed = true;
            ({ metadata, sent } = await untilAborted(
              this.metadataFor(true, sent ? 'refresh' : 'fresh'),
              signal,
            ));
            if (signal?.aborted) throw signal.reason;
            attempts += 1;
            return await this.attempt(stub, rpc, request, metadata, options);
          }
          throw error;
        }
      };
      // The first attempt runs without the retry machinery, which cost about 20 µs a call (a sixteenth
      // of a CreateExecution's client time); only a retryable failure enters it, as its attempt 1.
      let first: unknown;
      try {
        return await once();
      } catch (error) {
        if (maxAttempts <= 1 || !retryable(error) || signal?.aborted || timeLeft() <= 0) throw error;
        first = error;
      }
      const left = timeLeft();
      return await pRetry(
        (attemptNumber) => {
          if (attemptNumber === 1) throw first;
          return once();
        },
        {
          retries: maxAttempts - 1,
          factor: 2,
          minTimeout: initialBackoffMs,
          maxTimeout: maxBackoffSeconds * 1000,
          randomize: true,
          // A backoff wait never outlasts the call's deadline, and ends when the signal aborts.
          ...(Number.isFinite(left) ? { maxRetryTime: Math.max(0, left) } : {}),
          ...(signal ? { signal } : {}),
          shouldRetry: ({ error }) => retryable(error) && !signal?.aborted && timeLeft() > 0,
        },
      );
    } catch (error) {
      // Whatever the attempt in flight answered, a call whose signal aborted ends as cancelled.
      if (signal?.aborted) throw this.cancelled(rpc, signal);
      throw error;
    }
  }

  /**
   * Runs `rpc` with retries inside a CLIENT span `<service>/<rpc>` whose context travels to the
   * server in the metadata; rejects with an AdminError. `authenticate` false: sent without a token.
   */
  private call<S extends UnaryStub<S, K>, K extends UnaryRpc<S>>(
    stub: S,
    rpc: K,
    request: UnaryRequest<S[K]>,
    options: AdminCallOptions = {},
    authenticate = true,
  ): Promise<UnaryResponse<S[K]>> {
    const service = serviceNameOf(stub);
    return inSpan(
      `${service}/${rpc}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': rpc },
      },
      async (span) => {
        try {
          return await this.callWithRetries(stub, rpc, request, authenticate, options);
        } catch (error) {
          const failure = fromGrpcError(error, rpc, this.connection);
          failSpan(span, failure);
          throw failure;
        }
      },
    );
  }

  /** Fetches a project by id. */
  getProject(id: string, options: AdminCallOptions = {}): Promise<ProjectOut> {
    return this.call(this.admin, 'GetProject', { id }, options);
  }
  /** Lists projects. */
  listProjects(
    request: {
      limit?: number;
      token?: string;
      filters?: string;
      sort_by?: { key: string; direction: 'ASCENDING' | 'DESCENDING' };
    } = {},
    options: AdminCallOptions = {},
  ): Promise<ProjectsOut> {
    return this.call(this.admin, 'ListProjects', request, options);
  }
  /** Registers a project; AlreadyExistsError when its id is taken. */
  async registerProject(project: Project, options: AdminCallOptions = {}): Promise<void> {
    await this.call(this.admin, 'RegisterProject', { project }, options);
  }

  /** Registers a task version. AlreadyExistsError for an identical one; InvalidArgumentError for a different one. */
  async createTask(id: Identifier, spec: TaskSpec, options: AdminCallOptions = {}): Promise<void> {
    await this.call(this.admin, 'CreateTask', { id, spec }, options);
  }
  /** One task version (its id's `resource_type` is set to TASK); NotFoundError when absent. */
  getTask(id: Identifier, options: AdminCallOptions = {}): Promise<TaskOut> {
    return this.call(this.admin, 'GetTask', { id: { ...id, resource_type: 'TASK' } }, options);
  }
  /** Task versions of a project and domain (optionally one name), a page at a time (`limit`, `token`, `filters`, `sort_by`). */
  listTasks(request: ResourceListRequest, options: AdminCallOptions = {}): Promise<TaskListOut> {
    return this.call(this.admin, 'ListTasks', request, options);
  }

  /** Registers a workflow version; the server compiles it against the registered tasks. */
  async createWorkflow(id: Identifier, spec: WorkflowSpec, options: AdminCallOptions = {}): Promise<void> {
    await this.call(this.admin, 'CreateWorkflow', { id, spec }, options);
  }
  /** One workflow version with its compiled closure; NotFoundError when absent. */
  getWorkflow(id: Identifier, options: AdminCallOptions = {}): Promise<WorkflowOut> {
    return this.call(this.admin, 'GetWorkflow', { id: { ...id, resource_type: 'WORKFLOW' } }, options);
  }
  /** Workflow versions of a project and domain, a page at a time (see {@link AdminClient.listTasks}). */
  listWorkflows(request: ResourceListRequest, options: AdminCallOptions = {}): Promise<WorkflowListOut> {
    return this.call(this.admin, 'ListWorkflows', request, options);
  }

  /** Registers a launch plan version. */
  async createLaunchPlan(
    id: Identifier,
    spec: LaunchPlan['spec'],
    options: AdminCallOptions = {},
  ): Promise<void> {
    await this.call(this.admin, 'CreateLaunchPlan', { id, spec }, options);
  }
  /** One launch plan version with its state; NotFoundError when absent. */
  getLaunchPlan(id: Identifier, options: AdminCallOptions = {}): Promise<LaunchPlanOut> {
    return this.call(this.admin, 'GetLaunchPlan', { id: { ...id, resource_type: 'LAUNCH_PLAN' } }, options);
  }
  /** Launch plan versions of a project and domain, a page at a time (see {@link AdminClient.listTasks}). */
  listLaunchPlans(request: ResourceListRequest, options: AdminCallOptions = {}): Promise<LaunchPlanListOut> {
    return this.call(this.admin, 'ListLaunchPlans', request, options);
  }

  /**
   * Launches an execution; resolves to its identifier. Without a `name` in the request the server
   * generates one, so a call retried after its first attempt reached the server may launch twice:
   * callers that must not (the webhook) name the execution or cancel with `options.signal`.
   */
  async createExecution(
    request: ExecutionCreateRequest,
    options: AdminCallOptions = {},
  ): Promise<WorkflowExecutionIdentifierOut> {
    return executionIdOf('CreateExecution', await this.call(this.admin, 'CreateExecution', request, options));
  }
  /** One execution: its spec and closure (phase, times, outputs or error); NotFoundError when absent. */
  getExecution(id: WorkflowExecutionIdentifier, options: AdminCallOptions = {}): Promise<ExecutionOut> {
    return this.call(this.admin, 'GetExecution', { id }, options);
  }
  /** Executions of a project and domain, a page at a time (see {@link AdminClient.listTasks}). */
  listExecutions(request: ResourceListRequest, options: AdminCallOptions = {}): Promise<ExecutionListOut> {
    return this.call(this.admin, 'ListExecutions', request, options);
  }
  /** The full inputs and outputs of an execution. */
  getExecutionData(
    id: WorkflowExecutionIdentifier,
    options: AdminCallOptions = {},
  ): Promise<ExecutionDataOut> {
    return this.call(this.admin, 'GetExecutionData', { id }, options);
  }
  /** Replaces a project's name, description, labels and state (`ARCHIVED` archives it). */
  async updateProject(project: Project, options: AdminCallOptions = {}): Promise<void> {
    await this.call(this.admin, 'UpdateProject', project, options);
  }
  /** Names of the tasks, workflows or launch plans of a project and domain, a page at a time. */
  listEntityIds(
    kind: 'Task' | 'Workflow' | 'LaunchPlan',
    request: { project: string; domain: string; limit?: number; token?: string },
    options: AdminCallOptions = {},
  ): Promise<NamedEntityIdentifierListOut> {
    return this.call(this.admin, `List${kind}Ids`, request, options);
  }
  /** Activates or deactivates a launch plan version (activating deactivates the other versions of its name). */
  async updateLaunchPlan(
    id: Identifier,
    state: 'ACTIVE' | 'INACTIVE',
    options: AdminCallOptions = {},
  ): Promise<void> {
    await this.call(
      this.admin,
      'UpdateLaunchPlan',
      { id: { ...id, resource_type: 'LAUNCH_PLAN' }, state },
      options,
    );
  }
  /** The active version of a launch plan name; NotFoundError when none is active. */
  getActiveLaunchPlan(
    id: { project: string; domain: string; name: string },
    options: AdminCallOptions = {},
  ): Promise<LaunchPlanOut> {
    return this.call(this.admin, 'GetActiveLaunchPlan', { id }, options);
  }
  /** Stops a running execution; it ends ABORTED. InvalidArgumentError when it already ended. */
  async terminateExecution(
    id: WorkflowExecutionIdentifier,
    cause = '',
    options: AdminCallOptions = {},
  ): Promise<void> {
    await this.call(this.admin, 'TerminateExecution', { id, cause }, options);
  }
  /** Runs an execution's launch plan again with the same inputs; resolves to the new execution's id. */
  async relaunchExecution(
    id: WorkflowExecutionIdentifier,
    name = '',
    options: AdminCallOptions = {},
  ): Promise<WorkflowExecutionIdentifierOut> {
    const response = await this.call(this.admin, 'RelaunchExecution', { id, name }, options);
    return executionIdOf('RelaunchExecution', response);
  }
  /** The node executions of an execution. */
  listNodeExecutions(
    id: WorkflowExecutionIdentifier,
    request: { limit?: number; token?: string } = {},
    options: AdminCallOptions = {},
  ): Promise<NodeExecutionListOut> {
    return this.call(this.admin, 'ListNodeExecutions', { workflow_execution_id: id, ...request }, options);
  }
  /**
   * Follows an execution (WatchExecution): calls `onEvent` for its current phase, then for every phase
   * change of it and of its nodes, until a terminal phase; resolves to that last event. The whole
   * watch has one deadline, the earlier of `deadlineSeconds` (default 3600) from now and
   * `options.deadline`; `options.signal` cancels the stream. The stream is not retried.
   * @throws the typed error of the call (NotFoundError for an unknown execution, DeadlineExceeded...,
   *   CancelledError once the signal aborted), or Error when the stream ends before a terminal phase.
   */
  watchExecution(
    id: WorkflowExecutionIdentifier,
    onEvent: (event: ExecutionEventOut) => void,
    options: AdminCallOptions & { deadlineSeconds?: number } = {},
  ): Promise<ExecutionEventOut> {
    return this.serverStream(this.admin, 'WatchExecution', { id }, onEvent, streamDeadline(options, 3600), {
      signal: options.signal,
      end: (last) =>
        last && TERMINAL_PHASES.has(last.phase)
          ? last
          : new Error(`the watch of execution ${id.name} ended before the execution finished`),
    });
  }

  /**
   * Runs the server stream `rpc` until `deadline`, calling `onMessage` with each message; when it
   * ends, resolves to what `settle.end` makes of the last message (or rejects with the Error it
   * returns). Refused before any message, it is opened once more with a (new) token, as unary calls
   * are; it is never retried otherwise. `settle.signal` cancels it.
   * @throws AdminError (CancelledError once the signal aborted).
   */
  private async serverStream<S extends StreamStub<S, K>, K extends StreamRpc<S>>(
    stub: S,
    rpc: K,
    request: StreamRequest<S[K]>,
    onMessage: (message: StreamResponse<S[K]>) => void,
    deadline: Date,
    settle: {
      signal: AbortSignal | undefined;
      end: (last: StreamResponse<S[K]> | undefined) => StreamResponse<S[K]> | Error;
    },
  ): Promise<StreamResponse<S[K]>> {
    const { signal, end } = settle;
    let received = 0;
    const once = (metadata: Metadata) =>
      new Promise<StreamResponse<S[K]>>((resolve, reject) => {
        let last: StreamResponse<S[K]> | undefined;
        const call = stub[rpc](request, metadata, { deadline });
        cancelOnAbort(call, signal);
        call.on('data', (message) => {
          last = message;
          received += 1;
          onMessage(message);
        });
        call.on('error', reject);
        call.on('end', () => {
          const result = end(last);
          if (result instanceof Error) reject(result);
          else resolve(result);
        });
      });
    try {
      if (signal?.aborted) throw signal.reason;
      const first = await untilAborted(this.metadataFor(true, 'first'), signal);
      try {
        return await once(first.metadata);
      } catch (error) {
        // Refused before any message: once more with a (new) token, as unary calls do.
        if (!this.mayAuthenticate(error, true) || received > 0) throw error;
        const again = await untilAborted(this.metadataFor(true, first.sent ? 'refresh' : 'fresh'), signal);
        return await once(again.metadata);
      }
    } catch (error) {
      if (signal?.aborted) throw this.cancelled(rpc, signal);
      throw fromGrpcError(error, rpc, this.connection);
    }
  }

  /** The inputs and outputs of one node execution. */
  getNodeExecutionData(
    id: WorkflowExecutionIdentifier,
    nodeId: string,
    options: AdminCallOptions = {},
  ): Promise<NodeExecutionDataOut> {
    return this.call(
      this.admin,
      'GetNodeExecutionData',
      { id: { node_id: nodeId, execution_id: id } },
      options,
    );
  }
  /** The admin's own version (`control_plane_version`: build, version, build time). */
  getVersion(options: AdminCallOptions = {}): Promise<GetVersionResponseOut> {
    return this.call(this.admin, 'GetVersion', {}, options);
  }
  /** Anonymous: how to authenticate, and the admin's public HTTP address. */
  getPublicClientConfig(options: AdminCallOptions = {}): Promise<PublicClientConfigOut> {
    return this.call(this.authMetadata, 'GetPublicClientConfig', {}, options, false);
  }
  /**
   * Anonymous: the admin's authorization server metadata (RFC 8414; HTTP
   * `GET /.well-known/oauth-authorization-server`): `issuer`, `token_endpoint`, `jwks_uri`, the
   * supported grant types, scopes and client authentication methods.
   */
  getOAuth2Metadata(options: AdminCallOptions = {}): Promise<OAuth2MetadataOut> {
    return this.call(this.authMetadata, 'GetOAuth2Metadata', {}, options, false);
  }
  /** Who the server takes the caller for (IdentityService/UserInfo): subject, client id, org, role, method. */
  userInfo(options: AdminCallOptions = {}): Promise<UserInfoOut> {
    return this.call(this.identity, 'UserInfo', {}, options);
  }

  /**
   * Stores a new secret (SecretService/CreateSecret) under `id` (name and scope: org, domain,
   * project). AlreadyExistsError when the name is taken in that scope.
   */
  createSecret(
    request: CreateSecretRequest,
    options: AdminCallOptions = {},
  ): Promise<CreateSecretResponseOut> {
    return this.call(this.secrets, 'CreateSecret', request, options);
  }
  /** Replaces the value of an existing secret. NotFoundError when there is none. */
  updateSecret(
    request: UpdateSecretRequest,
    options: AdminCallOptions = {},
  ): Promise<UpdateSecretResponseOut> {
    return this.call(this.secrets, 'UpdateSecret', request, options);
  }
  /** A secret's identifier and metadata (times, type, last writer); never its value. NotFoundError when absent. */
  getSecret(request: GetSecretRequest, options: AdminCallOptions = {}): Promise<GetSecretResponseOut> {
    return this.call(this.secrets, 'GetSecret', request, options);
  }
  /** The secrets of a scope (org; a domain; a project and domain), a page at a time (`limit`, `token`). */
  listSecrets(
    request: ListSecretsRequest = {},
    options: AdminCallOptions = {},
  ): Promise<ListSecretsResponseOut> {
    return this.call(this.secrets, 'ListSecrets', request, options);
  }
  /** Deletes a secret. NotFoundError when there is none. */
  deleteSecret(
    request: DeleteSecretRequest,
    options: AdminCallOptions = {},
  ): Promise<DeleteSecretResponseOut> {
    return this.call(this.secrets, 'DeleteSecret', request, options);
  }

  /**
   * Creates an API key (ApiKeyService/CreateApiKey): an OAuth client with a role. The answer holds the
   * client secret, shown this once; the caller builds the `ORCH_API_KEY` value from it (`formatApiKey`).
   */
  createApiKey(
    request: CreateApiKeyRequest,
    options: AdminCallOptions = {},
  ): Promise<CreateApiKeyResponseOut> {
    return this.call(this.apiKeys, 'CreateApiKey', request, options);
  }
  /** The API keys of an organization (never their secrets), a page at a time. */
  listApiKeys(
    request: ListApiKeysRequest = {},
    options: AdminCallOptions = {},
  ): Promise<ListApiKeysResponseOut> {
    return this.call(this.apiKeys, 'ListApiKeys', request, options);
  }
  /** Deletes an API key by name; tokens it obtained stop working. NotFoundError when there is none. */
  deleteApiKey(
    request: DeleteApiKeyRequest,
    options: AdminCallOptions = {},
  ): Promise<DeleteApiKeyResponseOut> {
    return this.call(this.apiKeys, 'DeleteApiKey', request, options);
  }

  /**
   * Creates a trust policy (AdminService/CreateTrustPolicy, admin only): which OIDC ID tokens the
   * token endpoint exchanges for access tokens. InvalidArgumentError listing what is wrong with it.
   */
  createTrustPolicy(
    request: CreateTrustPolicyRequest,
    options: AdminCallOptions = {},
  ): Promise<CreateTrustPolicyResponseOut> {
    return this.call(this.admin, 'CreateTrustPolicy', request, options);
  }
  /** One trust policy by name. NotFoundError when there is none. */
  getTrustPolicy(
    request: GetTrustPolicyRequest,
    options: AdminCallOptions = {},
  ): Promise<GetTrustPolicyResponseOut> {
    return this.call(this.admin, 'GetTrustPolicy', request, options);
  }
  /** The trust policies of an organization, a page at a time. */
  listTrustPolicies(
    request: ListTrustPoliciesRequest = {},
    options: AdminCallOptions = {},
  ): Promise<ListTrustPoliciesResponseOut> {
    return this.call(this.admin, 'ListTrustPolicies', request, options);
  }
  /** Deletes a trust policy by name; the tokens exchanged under it are refused. NotFoundError when there is none. */
  deleteTrustPolicy(
    request: DeleteTrustPolicyRequest,
    options: AdminCallOptions = {},
  ): Promise<DeleteTrustPolicyResponseOut> {
    return this.call(this.admin, 'DeleteTrustPolicy', request, options);
  }

  /**
   * Deploys an app (AppService.Deploy), calling `onStatus` with each status the server streams;
   * resolves with the last one (`Started`, or `Failed` with the reason). Not retried: a deployment is
   * not idempotent. `deadlineSeconds` (@default 600) and `options.deadline` bound the whole stream;
   * `options.signal` cancels it (the deployment may go on on the server).
   * @throws AdminError when the call fails before or during the stream (CancelledError once the
   *   signal aborted).
   */
  deployApp(
    request: DeployAppRequest,
    onStatus: (status: AppStatusOut) => void,
    options: AdminCallOptions & { deadlineSeconds?: number } = {},
  ): Promise<AppStatusOut> {
    return this.serverStream(this.apps, 'Deploy', request, onStatus, streamDeadline(options, 600), {
      signal: options.signal,
      end: (last) => last ?? new Error('the deployment stream ended without a status'),
    });
  }
  /** One deployed app: its spec and last status. */
  getApp(request: GetAppRequest, options: AdminCallOptions = {}): Promise<AppOut> {
    return this.call(this.apps, 'Get', request, options);
  }
  /** The deployed apps of an org (optionally one project and domain). */
  listApps(request: ListAppsRequest, options: AdminCallOptions = {}): Promise<ListAppsResponseOut> {
    return this.call(this.apps, 'List', request, options);
  }
  /** Stops an app: its process ends and its route goes. */
  stopApp(request: StopAppRequest, options: AdminCallOptions = {}): Promise<object> {
    return this.call(this.apps, 'Stop', request, options);
  }

  /**
   * A signed URL to PUT one file to (DataProxyService): the answer's `headers` (Content-MD5 among
   * them) must be sent with the PUT; `native_url` is where the bytes live afterwards.
   */
  createUploadLocation(
    request: CreateUploadLocationRequest,
    options: AdminCallOptions = {},
  ): Promise<CreateUploadLocationResponseOut> {
    return this.call(this.dataProxy, 'CreateUploadLocation', request, options);
  }
  /** Signed URLs to download a stored file by its native URL. */
  createDownloadLink(
    request: CreateDownloadLinkRequest,
    options: AdminCallOptions = {},
  ): Promise<CreateDownloadLinkResponseOut> {
    return this.call(this.dataProxy, 'CreateDownloadLink', request, options);
  }

  /**
   * The console URL of an execution: from `consoleEndpoint`, else from the HTTP address the admin
   * advertises (asked once per client, with `options`).
   */
  async consoleUrl(
    id: Pick<WorkflowExecutionIdentifierOut, 'project' | 'domain' | 'name'>,
    options: AdminCallOptions = {},
  ): Promise<string> {
    if (!this.consoleBase) {
      const config = await this.getPublicClientConfig(options);
      if (!config.service_http_endpoint) {
        throw new Error('the admin does not advertise its HTTP address; set --console.endpoint');
      }
      this.consoleBase = config.service_http_endpoint;
    }
    return executionConsoleUrl(this.consoleBase, id);
  }

  /** Closes the channel; calls after this fail. */
  close(): void {
    this.admin.close();
  }
}
