import type { IdentityServiceHandlers } from '../../api/generated/orch/service/v1/IdentityService.js';
import type { UnaryHandlers } from './handler.js';

/** The handlers of `orch.service.v1.IdentityService`: UserInfo answers who the server took the caller for. */
export function createIdentityHandlers(): UnaryHandlers<IdentityServiceHandlers> {
  return {
    async UserInfo(_request, context) {
      const identity = context?.identity;
      return {
        subject: identity?.subject ?? 'anonymous',
        name: identity?.name || identity?.subject || '',
        preferred_username: identity?.subject ?? '',
        email: identity?.email ?? '',
        client_id: identity?.clientId ?? '',
        org: identity?.org ?? '',
        role: identity?.role ?? 'ROLE_UNSPECIFIED',
        method: identity?.method ?? 'anonymous',
      };
    },
  };
}
