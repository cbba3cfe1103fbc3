import type { Generated } from 'kysely';

/**
 * Tables of the admin database. Specs and closures are stored as canonical JSON text of their
 * message objects; times are milliseconds since the epoch.
 */
export interface Database {
  projects: ProjectTable;
  tasks: EntityTable;
  workflows: EntityTable;
  launch_plans: LaunchPlanTable;
  executions: ExecutionTable;
  admin_replicas: AdminReplicaTable;
  node_executions: NodeExecutionTable;
  task_attempts: TaskAttemptTable;
  task_cache: TaskCacheTable;
  oauth_clients: OAuthClientTable;
  secrets: SecretTable;
  apps: AppTable;
  app_revisions: AppRevisionTable;
  schedule_ticks: ScheduleTickTable;
  oauth_authorization_codes: AuthorizationCodeTable;
  oauth_device_grants: DeviceGrantTable;
  auth_key_fingerprints: AuthKeyFingerprintTable;
  trust_policies: TrustPolicyTable;
  oidc_seen_jtis: SeenJtiTable;
}

export interface ProjectTable {
  id: string;
  name: string;
  description: string;
  labels: string;
  state: number;
  created_at: number;
}

/** Tasks and workflows: the versioned entity and its compiled form. */
export interface EntityTable {
  project: string;
  domain: string;
  name: string;
  version: string;
  /** SHA-256 hex of the canonical spec; equal digests mean identical registrations. */
  digest: string;
  /** Canonical JSON of the spec as registered. */
  spec: string;
  /** Canonical JSON of the compiled form (CompiledTask or CompiledWorkflowClosure). */
  closure: string;
  created_at: number;
}

export interface LaunchPlanTable extends EntityTable {
  workflow_name: string;
  workflow_version: string;
  state: number;
  /**
   * Milliseconds since the epoch when the version last went from INACTIVE to ACTIVE; null while it
   * never was. The scheduler fires no tick before it (executor/scheduler.ts).
   */
  activated_at?: number | null;
}

export interface ExecutionTable {
  id: Generated<number>;
  project: string;
  domain: string;
  name: string;
  launch_plan_name: string;
  launch_plan_version: string;
  workflow_name: string;
  workflow_version: string;
  phase: string;
  /** Canonical JSON of the ExecutionSpec. */
  spec: string;
  /** Blob key of the inputs when they are large; '' when they are inline. */
  inputs_key: string;
  /** The inputs' LiteralMap JSON when small (see storage/execution-data.ts). */
  inputs_inline: string | null;
  outputs_key: string | null;
  /** JSON of the ExecutionError when the execution failed. */
  error: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  /** Milliseconds from start to the terminal phase. */
  duration_ms: number | null;
  /** Who launched it: the authenticated subject (a user id, a client id, `localhost`, `scheduler`). */
  principal?: string;
  /** How it was launched: MANUAL, SCHEDULED, SYSTEM or RELAUNCH (ExecutionMetadata's mode). */
  launch_mode?: string;
  /** The name of the execution this one relaunched (same project and domain); '' for none. */
  reference_execution?: string;
  /**
   * The admin replica that drives the execution (its random holder id), while it holds the lease;
   * null when none does. Written only by the executor's leases (executor/leases.ts).
   */
  lease_holder?: string | null;
  /**
   * Milliseconds since the epoch, on the database's clock, when the lease ends unless renewed; null
   * without a lease.
   */
  lease_expires_at?: number | null;
  /**
   * How many times the lease was claimed (0: never). A claim adds one; the executor's writes carry
   * the number their run claimed, and are refused once another claim came (executor/leases.ts).
   */
  lease_epoch?: number;
}

export interface NodeExecutionTable {
  execution_id: number;
  node_id: string;
  phase: string;
  attempts: number;
  /** Blob key of the node's inputs (a LiteralMap), once they are known. */
  inputs_key: string | null;
  outputs_key: string | null;
  error: string | null;
  started_at: number | null;
  updated_at: number;
  /** When the node reached a terminal phase; null while it runs. */
  ended_at?: number | null;
  /**
   * What the task output cache did for the node: an `orch.admin.v1.CacheStatus` name (`CACHE_HIT`, ...).
   * Defaults to `CACHE_DISABLED`.
   */
  cache_status?: string;
}

/** One run of a node's task process (attempt 1, 2, ...). */
export interface TaskAttemptTable {
  execution_id: number;
  node_id: string;
  attempt: number;
  phase: string;
  started_at: number;
  /** When the process ended; null while it runs. */
  ended_at: number | null;
  /** JSON of the ExecutionError when the attempt failed. */
  error: string | null;
  /** Blob keys of the attempt's stdout and stderr, once it ended. */
  stdout_key: string | null;
  stderr_key: string | null;
  /** Process id (and process group id) of the task while it runs; null once it ended. */
  pid: number | null;
  /**
   * The admin replica that ran it: its execution lease holder id (`<host>/<pid>/<random>`, the
   * `holder` of `admin_replicas`); null when not recorded (attempts from before it was).
   */
  replica?: string | null;
}

/**
 * Outputs of successful task runs, reusable by a later node of a `cache: true` task with the same key
 * (see `executor/cache.ts` for what the key digests).
 */
export interface TaskCacheTable {
  /** SHA-256 hex of the canonical JSON of the cache key. */
  key: string;
  /** Blob key of the outputs (a LiteralMap's JSON). */
  outputs_key: string;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** API keys: confidential OAuth clients with a role. The secret is kept only as a hash. */
export interface OAuthClientTable {
  client_id: string;
  org: string;
  /** The name given at creation, unique in the organization. */
  name: string;
  /** `ADMIN`, `CONTRIBUTOR` or `VIEWER`. */
  role: string;
  /** `sha256:<hex>` of the client secret (the server generates 32 random bytes, so no slow hash is needed). */
  secret_hash: string;
  created_at: number;
  created_by: string;
}

/**
 * Platform secrets. Scope: the organization (project and domain empty), a domain of it (project
 * empty), or a project and domain. The value is sealed with AES-256-GCM (see `auth/sealing.ts`).
 */
export interface SecretTable {
  org: string;
  domain: string;
  project: string;
  name: string;
  /** SecretSpec.Type name: GENERIC or IMAGE_PULL_SECRET. */
  type: string;
  /** Whether the value was given as bytes (binary_value) rather than text. */
  binary: number;
  /** The sealed value (base64url of nonce, ciphertext and tag). */
  sealed: string;
  created_at: number;
  updated_at: number;
  updated_by: string;
}

/** Deployed apps: the spec of the current revision and its last status. */
/** Every deployment of an app (migration 0018_app_revisions). */
export interface AppRevisionTable {
  org: string;
  project: string;
  domain: string;
  name: string;
  revision: number;
  /** JSON of `revisionSummaryOf` (migrations.ts): image, args, port, replicas, env and secret names. */
  spec: string;
  /** Epoch milliseconds. */
  deployed_at: number;
  /** The authenticated subject that deployed it; '' when not known. */
  deployed_by: string;
  /** Its last status: `Pending`, `Started`, `Failed` or `Stopped`. */
  state: string;
  message: string;
  /** Epoch milliseconds of that status. */
  updated_at: number;
}

export interface AppTable {
  org: string;
  project: string;
  domain: string;
  name: string;
  /** Canonical JSON of the AppSpec message. */
  spec: string;
  revision: number;
  /** `Pending`, `Started`, `Failed` or `Stopped`. */
  state: string;
  message: string;
  updated_at: number;
}

/** The admin replicas sharing the database (server/replicas.ts); rows of gone replicas are swept at start. */
export interface AdminReplicaTable {
  /** The replica's execution lease holder id. */
  holder: string;
  host: string;
  pid: number;
  /** Where it keeps blobs: `s3://bucket`, `local:/path`, `mem`. */
  storage: string;
  /** 1 when other hosts can read its store. */
  shared_storage: number;
  started_at: number;
  heartbeat_at: number;
}

/**
 * Pending authorization codes of the self-hosted authorization server (RFC 6749 §4.1, PKCE RFC
 * 7636), shared by every admin replica; a row is deleted when the code is redeemed (at most once).
 */
export interface AuthorizationCodeTable {
  /** SHA-256 of the code, base64url: the code itself is never stored. */
  digest: string;
  /** Milliseconds since the epoch. */
  expires_at: number;
  redirect_uri: string;
  /** Granted scopes, space-separated. */
  scope: string;
  client_id: string;
  /** The user who granted the code: subject, org and role. */
  user_sub: string;
  user_org: string;
  user_role: string;
  /** PKCE code challenge and its method (`S256`); null without PKCE. */
  code_challenge: string | null;
  code_challenge_method: string | null;
}

/**
 * Pending device authorizations (RFC 8628), shared by every admin replica; a row is deleted when the
 * approved grant is redeemed, the denial reported, or the code expired.
 */
export interface DeviceGrantTable {
  /** SHA-256 of the device code, base64url. */
  digest: string;
  /** The user code without its dash (8 characters), unique. */
  user_code: string;
  client_id: string;
  /** Requested scopes, space-separated. */
  scope: string;
  /** Milliseconds since the epoch. */
  expires_at: number;
  /** Seconds the client must wait between polls (RFC 8628 §3.5). */
  poll_interval: number;
  /** Milliseconds since the epoch of the last poll; 0 before the first. */
  last_poll: number;
  /** The approving user: subject, org and role; null while pending or when denied. */
  user_sub: string | null;
  user_org: string | null;
  user_role: string | null;
  /** 1 when the user denied the request. */
  denied: number;
}

/**
 * The fired ticks of launch plan schedules (executor/scheduler.ts): one row per launch plan version
 * and fire time, taken by the one admin replica that launches that tick's execution.
 */
export interface ScheduleTickTable {
  /** The launch plan version. */
  project: string;
  domain: string;
  name: string;
  version: string;
  /** The fire time of the cron expression, milliseconds since the epoch (a whole minute, UTC). */
  tick_at: number;
  /** The execution the tick launches (derived from the launch plan and `tick_at`). */
  execution_name: string;
  /** The replica that took the tick (or last took over its launch), and when. */
  claimed_by: string;
  claimed_at: number;
  /** When the execution was created (or found already created); null until then. */
  launched_at: number | null;
  /** Why the launch was refused for good (InvalidArgument, NotFound, ...); null otherwise. */
  error: string | null;
}

/**
 * Fingerprints of the auth keys the admin that last started on this database used (one row, name
 * `shared`), so a replica started with other keys says so (see auth/key-check.ts). Never the keys.
 */
export interface AuthKeyFingerprintTable {
  name: string;
  /** JWK thumbprint (RFC 7638) of the token signing key: public. */
  signing_kid: string;
  /** SHA-256 of the refresh token claim key (32 random bytes), with a label: not reversible. */
  claim_key: string;
  /** SHA-256 of the two login cookie keys, with a label; '' without cookie keys. */
  cookie_keys: string;
  /** Milliseconds since the epoch. */
  updated_at: number;
}

/**
 * Trust policies: which OIDC ID tokens the token endpoint exchanges (RFC 8693) for access tokens.
 * `conditions`, `projects` and `domains` are JSON text (an array of `{claim, pattern, glob}`, arrays of
 * names; empty arrays mean no limit).
 */
export interface TrustPolicyTable {
  org: string;
  name: string;
  issuer: string;
  conditions: string;
  /** `ADMIN`, `CONTRIBUTOR` or `VIEWER`. */
  role: string;
  projects: string;
  domains: string;
  created_at: number;
  created_by: string;
}

/**
 * The `jti` of every ID token exchanged and not yet expired, by issuer: an ID token is exchanged at
 * most once across all replicas (the primary key refuses the second insert).
 */
export interface SeenJtiTable {
  issuer: string;
  jti: string;
  /** When the ID token expires (ms since the epoch): the row may be deleted after that. */
  expires_at: number;
}
