import { status as Status } from '@grpc/grpc-js';
import { ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Identity } from './authenticate.js';
import { ROLES, type RoleName } from './tokens.js';

/**
 * What an RPC needs. `anonymous`: nothing (discovery); `authenticated`: any caller the authenticator
 * let in; the rest are permissions held by roles (see {@link ROLE_PERMISSIONS}).
 */
export type Permission =
  | 'read'
  | 'register'
  | 'execute'
  | 'manage_projects'
  | 'manage_secrets'
  | 'manage_apps'
  | 'manage_keys';
export type Requirement = Permission | 'anonymous' | 'authenticated';

/**
 * The documented permission of every RPC (docs/security.md, "Roles and permissions"). Viewer reads; contributor
 * also registers (tasks, workflows, launch plans, uploads), launches, relaunches and terminates;
 * admin also manages projects, secrets, apps, API keys and trust policies.
 */
export const RPC_PERMISSIONS: Readonly<Record<string, Requirement>> = {
  'orch.service.v1.AuthMetadataService/GetOAuth2Metadata': 'anonymous',
  'orch.service.v1.AuthMetadataService/GetPublicClientConfig': 'anonymous',
  'orch.service.v1.IdentityService/UserInfo': 'authenticated',
  'orch.service.v1.AdminService/RegisterProject': 'manage_projects',
  'orch.service.v1.AdminService/UpdateProject': 'manage_projects',
  'orch.service.v1.AdminService/GetProject': 'read',
  'orch.service.v1.AdminService/ListProjects': 'read',
  'orch.service.v1.AdminService/GetDomains': 'read',
  'orch.service.v1.AdminService/CreateTask': 'register',
  'orch.service.v1.AdminService/GetTask': 'read',
  'orch.service.v1.AdminService/ListTasks': 'read',
  'orch.service.v1.AdminService/ListTaskIds': 'read',
  'orch.service.v1.AdminService/CreateWorkflow': 'register',
  'orch.service.v1.AdminService/GetWorkflow': 'read',
  'orch.service.v1.AdminService/ListWorkflows': 'read',
  'orch.service.v1.AdminService/ListWorkflowIds': 'read',
  'orch.service.v1.AdminService/CreateLaunchPlan': 'register',
  'orch.service.v1.AdminService/GetLaunchPlan': 'read',
  'orch.service.v1.AdminService/ListLaunchPlans': 'read',
  'orch.service.v1.AdminService/ListLaunchPlanIds': 'read',
  'orch.service.v1.AdminService/UpdateLaunchPlan': 'register',
  'orch.service.v1.AdminService/GetActiveLaunchPlan': 'read',
  'orch.service.v1.AdminService/CreateExecution': 'execute',
  'orch.service.v1.AdminService/GetExecution': 'read',
  'orch.service.v1.AdminService/ListExecutions': 'read',
  'orch.service.v1.AdminService/TerminateExecution': 'execute',
  'orch.service.v1.AdminService/RelaunchExecution': 'execute',
  'orch.service.v1.AdminService/GetExecutionData': 'read',
  'orch.service.v1.AdminService/ListNodeExecutions': 'read',
  'orch.service.v1.AdminService/GetNodeExecutionData': 'read',
  'orch.service.v1.AdminService/GetVersion': 'read',
  'orch.service.v1.AdminService/CreateTrustPolicy': 'manage_keys',
  'orch.service.v1.AdminService/GetTrustPolicy': 'manage_keys',
  'orch.service.v1.AdminService/ListTrustPolicies': 'manage_keys',
  'orch.service.v1.AdminService/DeleteTrustPolicy': 'manage_keys',
  'orch.service.v1.AdminService/WatchExecution': 'read',
  'orch.service.v1.DataProxyService/CreateUploadLocation': 'register',
  'orch.service.v1.DataProxyService/CreateDownloadLink': 'read',
  'orch.service.v1.SecretService/CreateSecret': 'manage_secrets',
  'orch.service.v1.SecretService/UpdateSecret': 'manage_secrets',
  'orch.service.v1.SecretService/DeleteSecret': 'manage_secrets',
  'orch.service.v1.SecretService/GetSecret': 'read',
  'orch.service.v1.SecretService/ListSecrets': 'read',
  'orch.service.v1.ApiKeyService/CreateApiKey': 'manage_keys',
  'orch.service.v1.ApiKeyService/ListApiKeys': 'manage_keys',
  'orch.service.v1.ApiKeyService/DeleteApiKey': 'manage_keys',
  'orch.service.v1.AppService/Deploy': 'manage_apps',
  'orch.service.v1.AppService/Stop': 'manage_apps',
  'orch.service.v1.AppService/Get': 'read',
  'orch.service.v1.AppService/List': 'read',
  'orch.service.v1.AppService/ListRevisions': 'read',
  'orch.service.v1.AppService/GetLogs': 'read',
  // Calling an app that requires the platform's authentication (the apps ingress).
  'orch.ingress/Invoke': 'read',
};

/** The permissions of each role; each role holds those of the roles before it. */
export const ROLE_PERMISSIONS: Readonly<Record<RoleName, ReadonlySet<Permission>>> = (() => {
  const viewer: Permission[] = ['read'];
  const contributor: Permission[] = [...viewer, 'register', 'execute'];
  const admin: Permission[] = [
    ...contributor,
    'manage_projects',
    'manage_secrets',
    'manage_apps',
    'manage_keys',
  ];
  return { VIEWER: new Set(viewer), CONTRIBUTOR: new Set(contributor), ADMIN: new Set(admin) };
})();

/**
 * The authorizer's refusal: a {@link ServiceError} PERMISSION_DENIED that also says which RPC was
 * refused and the permission it needs, for answers that name the role to ask for.
 */
export class PermissionDenied extends ServiceError {
  constructor(
    readonly rpc: string,
    readonly permission: Permission,
    message: string,
  ) {
    super(Status.PERMISSION_DENIED, message);
  }
}

/** The least built-in role holding `permission` (roles hold those before them: viewer, contributor, admin). */
export function leastRoleWith(permission: Permission): RoleName | undefined {
  return ROLES.find((role) => ROLE_PERMISSIONS[role].has(permission));
}

/** The requirement of `rpc` (`<service full name>/<method>`); unknown RPCs need `manage_projects` (deny by default). */
export function requirementOf(rpc: string): Requirement {
  return RPC_PERMISSIONS[rpc] ?? 'manage_projects';
}

/** Settings of {@link Authorizer} (`--authorizer.*`). */
export interface AuthorizerSettings {
  /** `--authorizer.mode`: `Active` enforces; any other value (e.g. `LogOnly`) logs denials and allows. */
  mode: string;
  logger: Logger;
}

/**
 * Decides whether an identity may call an RPC, from the role the identity holds. Decisions are a
 * pure function of (role, RPC), so nothing is cached: a deleted key or a new role takes effect on the
 * next call.
 */
export class Authorizer {
  private readonly enforce: boolean;

  constructor(private readonly settings: AuthorizerSettings) {
    this.enforce = settings.mode.toLowerCase() === 'active';
  }

  /** Whether the authorizer enforces (mode Active) or only records its decisions. */
  get enforcing(): boolean {
    return this.enforce;
  }

  /**
   * Allows or refuses `identity` calling `rpc`.
   * @throws ServiceError PERMISSION_DENIED naming the missing permission and the caller's role (mode Active).
   */
  check(identity: Identity, rpc: string): void {
    const needed = requirementOf(rpc);
    if (needed === 'anonymous' || needed === 'authenticated') return;
    if (ROLE_PERMISSIONS[identity.role].has(needed)) return;
    const message = `${identity.subject} (role ${identity.role.toLowerCase()}) lacks permission ${needed}, needed by ${rpc}`;
    if (!this.enforce) {
      this.settings.logger.warn('authorization denied (not enforced: --authorizer.mode is not Active)', {
        subject: identity.subject,
        role: identity.role,
        rpc,
        permission: needed,
      });
      return;
    }
    throw new PermissionDenied(rpc, needed, message);
  }
}
