import type { status } from '@grpc/grpc-js';
import { errorMessage } from '../api/guards.js';
import { AuthFlowError } from './token-source.js';

/**
 * The gRPC status codes these errors use (values of `@grpc/grpc-js`'s `status`), kept here so that
 * importing the errors does not load gRPC: command lines print errors without ever opening a channel.
 */
const Status = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const satisfies Partial<Record<keyof typeof status, number>>;
type Status = status;

/**
 * The property `key` of a value whose shape is unknown (what `catch` gives, parsed JSON), or
 * undefined when the value is not an object. Callers check the type of what it reads; so do the
 * helpers below.
 */
export function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** The property `key` of a thrown value when it is a string (an OAuth error's `error`), else undefined. */
export function stringFieldOf(value: unknown, key: string): string | undefined {
  const field = fieldOf(value, key);
  return typeof field === 'string' ? field : undefined;
}

/**
 * The `code` of a thrown value when it is a string or a number (a Node system error's `ENOENT`, a
 * gRPC status), else undefined.
 */
export function codeOf(error: unknown): string | number | undefined {
  const code = fieldOf(error, 'code');
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
}

/** The gRPC status code (`ServiceError.code`, a number) of what a call rejected with, else undefined. */
export function grpcCodeOf(error: unknown): number | undefined {
  const code = fieldOf(error, 'code');
  return typeof code === 'number' ? code : undefined;
}

/**
 * Errors of the admin client: one class per failure a caller handles differently. Each carries the
 * server's message, the gRPC code, the RPC, and its cause. Thrown by every AdminClient method.
 */
export class AdminError extends Error {
  constructor(
    message: string,
    /** gRPC status code. */
    readonly code: Status,
    /** The RPC that failed, e.g. `GetExecution`. */
    readonly rpc: string,
    options?: { cause?: unknown; hint?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    // Each subclass is named after itself (the bundles keep class names: esbuild `keepNames`).
    this.name = new.target.name;
    this.hint = options?.hint;
  }
  /** What the user may try, e.g. `Try: orch sandbox start`. */
  readonly hint: string | undefined;
}

/** Thrown when the entity asked for does not exist (NotFound). */
export class NotFoundError extends AdminError {}
/** Thrown when an identical entity already exists (AlreadyExists); registration treats it as success. */
export class AlreadyExistsError extends AdminError {}
/** Thrown when the server rejects the request's content (InvalidArgument). */
export class InvalidArgumentError extends AdminError {}
/** Thrown when the request is valid but the entity's state forbids it (FailedPrecondition). */
export class FailedPreconditionError extends InvalidArgumentError {}
/** Thrown when the server cannot be reached (Unavailable) after every attempt. */
export class UnavailableError extends AdminError {}
/** Thrown when every attempt ran out of time (DeadlineExceeded); a kind of {@link UnavailableError}. */
export class DeadlineExceededError extends UnavailableError {}
/**
 * Thrown by every AdminClient method when the caller's `AbortSignal` (per-call option `signal`, see
 * `AdminCallOptions`) aborted the call, and when the server answered CANCELLED. The attempt in
 * flight was cancelled with grpc-js `call.cancel()` (an HTTP/2 RST_STREAM) and no retry followed.
 * A request the server had already received may or may not have taken effect. `cause` is the
 * signal's `reason` when the caller aborted.
 */
export class CancelledError extends AdminError {}
/** Thrown when the server is overloaded or a quota is spent (ResourceExhausted) after every attempt. */
export class ResourceExhaustedError extends AdminError {}
/** Thrown when the caller is not allowed (PermissionDenied); also the base of {@link UnauthenticatedError}. */
export class PermissionError extends AdminError {}
/** Thrown when the caller's credentials are missing or were refused (Unauthenticated). */
export class UnauthenticatedError extends PermissionError {}

/**
 * How the client was connecting, for messages: the endpoint as configured, the TLS mode
 * (`plaintext`, `TLS verified by the system roots`, `TLS verified by CA <file>`, `TLS without
 * certificate verification`) and the
 * authentication mode (`none`, `ClientSecret`, ...). Never holds a secret.
 */
export interface ConnectionInfo {
  endpoint: string;
  tls: string;
  auth: string;
}

/** What TLS libraries say when a certificate chain does not verify. */
const UNTRUSTED_CERTIFICATE =
  /certificate|self[- ]signed|unable to (get|verify)|CERT_|altnames|hostname\/IP does not match/i;

/** Transport failures in plain words, by what grpc-js and Node report (first match wins). */
const TRANSPORT_CAUSES: readonly [RegExp, string][] = [
  [/ECONNREFUSED/, 'the connection was refused'],
  [/ENOTFOUND|EAI_AGAIN|getaddrinfo|Name resolution failed/, 'its host name does not resolve'],
  [/EHOSTUNREACH|ENETUNREACH/, 'its host cannot be reached from here'],
  [/ETIMEDOUT/, 'the connection timed out'],
  [/ECONNRESET|socket hang up/, 'the connection was reset'],
  [/wrong version number|WRONG_VERSION_NUMBER|packet length too long/i, 'it does not speak TLS there'],
  [/Protocol error|http2|HTTP\/1/i, 'what answers there does not speak gRPC over this transport'],
];

/**
 * The cause of an Unavailable answer in plain words: a known transport failure, else the last error
 * grpc-js reports (its `Last error:` part, without the repeated prefixes, timestamps and the empty
 * resolution note, and without the address, which the message names already).
 */
export function transportCause(details: string, endpoint: string): string {
  const known = TRANSPORT_CAUSES.find(([pattern]) => pattern.test(details));
  if (known) return known[1];
  const last = details.split('Last error:').pop() ?? details;
  const host = endpoint.replace(/^[a-z]+:\/{0,3}/i, '');
  const cleaned = last
    .replace(/\.?\s*Resolution note:.*$/s, '')
    .replace(/^\s*(Error:\s*)?/, '')
    .replace(/\s*\(\d{4}-\d\d-\d\dT[^)]*\)/g, '')
    .split(endpoint)
    .join('that address')
    .split(host)
    .join('that address')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || 'no connection could be made';
}

/** The error class of each status whose error carries the server's message as it is. */
const PLAIN_ERRORS: ReadonlyMap<number, typeof AdminError> = new Map([
  [Status.NOT_FOUND, NotFoundError],
  [Status.ALREADY_EXISTS, AlreadyExistsError],
  [Status.INVALID_ARGUMENT, InvalidArgumentError],
  [Status.FAILED_PRECONDITION, FailedPreconditionError],
  [Status.PERMISSION_DENIED, PermissionError],
  [Status.CANCELLED, CancelledError],
]);

/**
 * Normalises anything a gRPC call rejected with into an {@link AdminError} subclass. A token flow
 * that failed because the admin itself could not be reached (discovering the token endpoint over the
 * admin's channel) is reported as that {@link UnavailableError}: the address is what is wrong, not
 * the credentials. Messages name the endpoint once and hold no brackets.
 * @param connection a string (the endpoint) or the full {@link ConnectionInfo}, named in Unavailable errors.
 */
export function fromGrpcError(error: unknown, rpc: string, connection: string | ConnectionInfo): AdminError {
  if (error instanceof AdminError) return error;
  const info = typeof connection === 'string' ? undefined : connection;
  const endpoint = typeof connection === 'string' ? connection : connection.endpoint;
  const how = info ? `, over ${info.tls}, auth ${info.auth}` : '';
  const where = info ? `; admin ${endpoint} over ${info.tls}, auth ${info.auth}` : '';
  // No token could be had: the call never reached the server with credentials.
  if (error instanceof AuthFlowError) {
    const unreachable = unavailableCause(error);
    if (unreachable) return unreachable;
    // The flow's message starts with its name (`ApiKey: ...`): the admin and transport, not the flow again.
    const admin = info ? `; admin ${endpoint} over ${info.tls}` : '';
    return new UnauthenticatedError(`${error.message}${admin}`, Status.UNAUTHENTICATED, rpc, {
      cause: error,
      hint: error.hint,
    });
  }
  const code = grpcCodeOf(error) ?? Status.UNKNOWN;
  const details = fieldOf(error, 'details');
  const message = (typeof details === 'string' && details) || errorMessage(error);
  const options = { cause: error };
  const plain = PLAIN_ERRORS.get(code);
  if (plain) return new plain(message, code, rpc, options);
  switch (code) {
    case Status.UNAVAILABLE:
      return new UnavailableError(
        UNTRUSTED_CERTIFICATE.test(message)
          ? `the TLS certificate of the admin at ${endpoint} is not trusted: ${transportCause(message, endpoint)}${how}`
          : `nothing answers at ${endpoint}: ${transportCause(message, endpoint)}${how}`,
        code,
        rpc,
        {
          ...options,
          hint: UNTRUSTED_CERTIFICATE.test(message)
            ? "The server's TLS certificate is not trusted. Pass the certificate authority that signed it with " +
              '--admin.caCertFilePath <ca.pem>, or, for testing only, --admin.insecureSkipVerify ' +
              '(--orch.connection.insecureSkipVerify for orch).'
            : 'Is the admin server running and is this its address? Start a local one with `orch sandbox start`, or ' +
              'save the right address with `orchctl config init --host <host:port>`, adding --insecure for plaintext.',
        },
      );
    case Status.DEADLINE_EXCEEDED:
      return new DeadlineExceededError(
        `the admin at ${endpoint} did not answer ${rpc} in time: ${transportCause(message, endpoint)}${how}`,
        code,
        rpc,
        {
          ...options,
          hint: 'The server may be overloaded or the network slow; raise --admin.perRetryTimeout / --orch.connection.perRetryTimeout.',
        },
      );
    case Status.RESOURCE_EXHAUSTED:
      return new ResourceExhaustedError(message, code, rpc, {
        ...options,
        hint: 'The server is busy or a quota is spent; try again later.',
      });
    case Status.UNAUTHENTICATED:
      return new UnauthenticatedError(`${message}${where}`, code, rpc, {
        ...options,
        hint:
          info?.auth === 'none'
            ? 'The admin requires credentials: set ORCH_API_KEY to an API key (`orch create api-key admin --name <name>`), ' +
              'or configure --admin.authType (orchctl) / --orch.auth.type (orch).'
            : 'Check the credentials (ORCH_API_KEY, or --admin.authType, --admin.clientId and the client secret) or sign in again.',
      });
    default:
      return new AdminError(message, code, rpc, options);
  }
}

/** The {@link UnavailableError} a token flow failed on (within a few causes), if it failed on one. */
function unavailableCause(error: AuthFlowError): UnavailableError | undefined {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 5 && cause !== undefined; depth += 1) {
    if (cause instanceof UnavailableError) return cause;
    cause = fieldOf(cause, 'cause');
  }
  return undefined;
}
