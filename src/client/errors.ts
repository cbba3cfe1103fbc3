import type { ServiceError, status } from '@grpc/grpc-js';

/**
 * The gRPC status codes these errors use (values of `@grpc/grpc-js`'s `status`), kept here so that
 * importing the errors does not load gRPC: command lines print errors without ever opening a channel.
 */
const Status = {
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  FAILED_PRECONDITION: 9,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const satisfies Partial<Record<keyof typeof status, number>>;
type Status = status;

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
    this.name = 'AdminError';
    this.hint = options?.hint;
  }
  /** What the user may try, e.g. `Try: orch sandbox start`. */
  readonly hint: string | undefined;
}

/** Thrown when the entity asked for does not exist (NotFound). */
export class NotFoundError extends AdminError {
  override name = 'NotFoundError';
}
/** Thrown when an identical entity already exists (AlreadyExists); registration treats it as success. */
export class AlreadyExistsError extends AdminError {
  override name = 'AlreadyExistsError';
}
/** Thrown when the server rejects the request's content (InvalidArgument, FailedPrecondition). */
export class InvalidArgumentError extends AdminError {
  override name = 'InvalidArgumentError';
}
/** Thrown when the server cannot be reached or the call timed out (Unavailable, DeadlineExceeded). */
export class UnavailableError extends AdminError {
  override name = 'UnavailableError';
}
/** Thrown when the caller is not authenticated or not allowed (Unauthenticated, PermissionDenied). */
export class PermissionError extends AdminError {
  override name = 'PermissionError';
}

/** Normalises anything a gRPC call rejected with into an {@link AdminError} subclass. */
export function fromGrpcError(error: unknown, rpc: string, endpoint: string): AdminError {
  if (error instanceof AdminError) return error;
  const grpcError = error as Partial<ServiceError>;
  const code = typeof grpcError.code === 'number' ? grpcError.code : Status.UNKNOWN;
  const message = grpcError.details || (error instanceof Error ? error.message : String(error));
  switch (code) {
    case Status.NOT_FOUND:
      return new NotFoundError(message, code, rpc, { cause: error });
    case Status.ALREADY_EXISTS:
      return new AlreadyExistsError(message, code, rpc, { cause: error });
    case Status.INVALID_ARGUMENT:
    case Status.FAILED_PRECONDITION:
      return new InvalidArgumentError(message, code, rpc, { cause: error });
    case Status.UNAVAILABLE:
    case Status.DEADLINE_EXCEEDED:
      return new UnavailableError(`admin service at ${endpoint} is not reachable (${message})`, code, rpc, {
        cause: error,
        hint: 'Is the admin server running? Start one with `orch sandbox start`, or point --admin.endpoint / --orch.connection.host at it.',
      });
    case Status.UNAUTHENTICATED:
    case Status.PERMISSION_DENIED:
      return new PermissionError(message, code, rpc, { cause: error });
    default:
      return new AdminError(message, code, rpc, { cause: error });
  }
}
