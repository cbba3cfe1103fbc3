import { status as Status } from '@grpc/grpc-js';

/**
 * An error a service handler throws on purpose: its gRPC code and message go to the caller as they
 * are (HTTP status per DESIGN.md's mapping). Any other thrown error reaches the caller only as
 * Internal "internal error", with the detail kept in the server's log.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: Status,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ServiceError';
  }
}

export const invalidArgument = (message: string) => new ServiceError(Status.INVALID_ARGUMENT, message);
export const notFound = (message: string) => new ServiceError(Status.NOT_FOUND, message);
export const failedPrecondition = (message: string) => new ServiceError(Status.FAILED_PRECONDITION, message);
export const alreadyExists = (message: string) => new ServiceError(Status.ALREADY_EXISTS, message);

/** HTTP status for each gRPC code (DESIGN.md, "HTTP side"). */
export function httpStatusOf(code: Status): number {
  switch (code) {
    case Status.INVALID_ARGUMENT:
    case Status.FAILED_PRECONDITION:
      return 400;
    case Status.UNAUTHENTICATED:
      return 401;
    case Status.PERMISSION_DENIED:
      return 403;
    case Status.NOT_FOUND:
      return 404;
    case Status.ALREADY_EXISTS:
      return 409;
    case Status.RESOURCE_EXHAUSTED:
      return 429;
    case Status.UNIMPLEMENTED:
      return 501;
    case Status.UNAVAILABLE:
      return 503;
    default:
      return 500;
  }
}
