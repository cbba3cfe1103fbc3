import { loadApi } from '../api/proto.js';
import { ServiceNotOfferedError } from './errors.js';
import type { Command } from './inputs.js';

/**
 * The admin service each command needs that the API may not have yet (DESIGN.md, "The API"):
 * secrets, API keys (OAuth clients with a role) and apps.
 */
export const REQUIRED_SERVICE: Readonly<Partial<Record<Command, string>>> = Object.freeze({
  'create-secret': 'orch.service.v1.SecretService',
  'create-api-key': 'orch.service.v1.ApiKeyService',
  'deploy-app': 'orch.service.v1.AppService',
});

/** True when the admin API (the descriptor generated from proto/) defines `service`. */
export function apiOffers(service: string): boolean {
  try {
    return loadApi().root.lookupService(service) !== null;
  } catch {
    return false;
  }
}

/**
 * Checks that the admin API offers the service `command` needs.
 * @throws ServiceNotOfferedError naming the command and the missing service.
 */
export function requireService(command: Command, offers: (service: string) => boolean = apiOffers): void {
  const service = REQUIRED_SERVICE[command];
  if (service && !offers(service)) throw new ServiceNotOfferedError(command, service);
}
