import type { CallContext } from '../services/admin.js';
import type { Authenticator, CallCredentials } from './authenticate.js';
import { type Authorizer, requirementOf } from './authorizer.js';

/**
 * Admits or refuses one call of `rpc` (`<service full name>/<method>`), for gRPC and HTTP alike:
 * anonymous RPCs pass untouched; every other call is authenticated, then authorized.
 * Resolves with the handler's context; rejects with ServiceError UNAUTHENTICATED or PERMISSION_DENIED.
 */
export type Guard = (rpc: string, call: CallCredentials) => Promise<CallContext>;

/** A {@link Guard} from the authenticator and the authorizer. */
export function createGuard(authenticator: Authenticator, authorizer: Authorizer): Guard {
  return async (rpc, call) => {
    if (requirementOf(rpc) === 'anonymous') return {};
    const identity = await authenticator.authenticate(call);
    authorizer.check(identity, rpc);
    return { identity };
  };
}

/** A guard that admits everything with no identity (embedding without authentication). */
export const openGuard: Guard = async () => ({});
