import { createHash } from 'node:crypto';
import type { EmitterWebhookEvent, EmitterWebhookEventName } from '@octokit/webhooks';
import type { Octokit } from 'octokit';
import { errorMessage } from '../api/guards.js';
import type { AdminClient } from '../client/admin-client.js';
import { AdminError, UnavailableError } from '../client/errors.js';
import type { RegistrationReport } from '../registration/register-files.js';
import type { Logger } from '../telemetry/log.js';
import type { CheckoutLimits } from './checkout.js';
import type { RepoConfig } from './repo-config.js';

/**
 * What the parts of the bot share: its dependencies, the types of what passes between them, and the
 * small rules they all apply (execution names, how an admin failure is said).
 */

/** The admin client calls the bot makes (a real `AdminClient` in production and tests). */
export type BotAdminClient = Pick<
  AdminClient,
  | 'createTask'
  | 'createWorkflow'
  | 'createLaunchPlan'
  | 'updateLaunchPlan'
  | 'createUploadLocation'
  | 'getLaunchPlan'
  | 'createExecution'
  | 'getExecution'
  | 'relaunchExecution'
  | 'terminateExecution'
  | 'watchExecution'
  | 'consoleUrl'
>;

/** One verified delivery: `X-GitHub-Delivery`, `X-GitHub-Event` and the parsed JSON body (an object). */
export interface Delivery {
  id: string;
  name: string;
  payload: Readonly<Record<string, unknown>>;
}

/**
 * `T` as untrusted JSON gives it: every property may be missing. A signed delivery is GitHub's, but
 * its fields are read as GitHub documents them only after a check (`?.`, `String()`, `Number()`),
 * so a payload of another shape is ignored or refused, never a crash.
 */
export type Untrusted<T> = T extends readonly (infer U)[]
  ? readonly Untrusted<U>[]
  : T extends object
    ? { readonly [K in keyof T]?: Untrusted<T[K]> }
    : T;

/** The payload of event `E` as GitHub documents it (octokit's webhook types), every field untrusted. */
export type PayloadOf<E extends EmitterWebhookEventName> = Untrusted<EmitterWebhookEvent<E>['payload']>;

/**
 * The payload of `delivery` read as event `event`'s (the caller dispatched on `delivery.name`).
 * Nothing is checked here: {@link Untrusted} makes the reader check each field.
 */
export function payloadOf<E extends EmitterWebhookEventName>(delivery: Delivery, _event: E): PayloadOf<E> {
  return delivery.payload as PayloadOf<E>;
}

/** What {@link createBot} needs. */
export interface BotDeps {
  /** The one admin client. */
  client: BotAdminClient;
  /** The REST client of an installation, authenticated with its installation token. */
  installation(installationId: number): Promise<Octokit>;
  /**
   * The GitHub App's id. The bot finds the executions a new commit supersedes from the check runs of
   * this app only; without it, none are cancelled.
   */
  appId?: number;
  /** The admin this bot launches on, as `.github/orch.yaml`'s `admin.endpoint` must name it. */
  adminEndpoint: string;
  /** Where records go; secrets never do. */
  logger: Logger;
  /** Limits of each commit checkout. */
  checkout?: CheckoutLimits;
  /** Longest the bot follows one execution, in seconds. @default 3600 */
  watchSeconds?: number;
  /**
   * Most executions followed at once, each over one WatchExecution stream. The admin allows a
   * bounded number of streams per connection (100 by default) and unary calls need some too, so
   * past this many the next executions wait for a slot (their check runs stay at QUEUED until then).
   * @default 50
   */
  maxFollowed?: number;
  /**
   * The ids of the app's installations (`GET /app/installations`, every page), which the recovery
   * sweep walks; without it the sweep does nothing.
   */
  installations?(): Promise<number[]>;
  /**
   * GitHub's web address (`https://github.com`, or an Enterprise Server's), for the links each
   * execution carries to its pull request and commit (annotations `orch.dev/pull-request` and
   * `orch.dev/commit`, shown by the console); without it executions carry none.
   */
  webUrl?: string;
  /** Called with each delivery's outcome (for metrics). */
  onHandled?: (event: string, outcome: 'done' | 'ignored' | 'failed', seconds: number) => void;
}

/** What one recovery sweep did. */
export interface RecoveryReport {
  /** Check runs of this app found `in_progress` on open pull requests' heads. */
  found: number;
  /** Check runs it completed (their execution had ended, or was not found). */
  completed: number;
  /** Executions it followed again (still running): their check runs complete when they end. */
  resumed: number;
  /** False when the sweep stopped at its budget of time or reads, or when the bot stopped. */
  whole: boolean;
}

/** The bot's event handling. */
export interface Bot {
  /**
   * Handles one verified delivery to the end of its synchronous part (registration, launches, check
   * runs created); the following of executions goes on in the background ({@link Bot.idle}).
   * Never rejects: failures are reported on GitHub where they can be, and logged.
   */
  handle(delivery: Delivery): Promise<'done' | 'ignored' | 'failed'>;
  /** Resolves when every background watch has ended. */
  idle(): Promise<void>;
  /**
   * One recovery sweep: this app's check runs still `in_progress` on open pull requests' heads are
   * completed when their execution ended (or is not found), or followed again while it runs (see
   * `recoverer` in `./recovery.ts`). Never rejects.
   */
  recover(): Promise<RecoveryReport>;
  /** Stops following executions and sweeping (their check runs stay as they are). */
  close(): void;
}

/** A repository: owner and name. */
export interface Repo {
  owner: string;
  repo: string;
}

/** A commit of a repository, with the installation's client that reaches it. */
export interface CommitAt {
  gh: Octokit;
  repo: Repo;
  /** The commit's full SHA. */
  sha: string;
}

/** What a registration at a commit gave. */
export interface Registered {
  config: RepoConfig;
  report: RegistrationReport;
  domain: string;
  /** The launch plans that commit registered, by name. */
  launchPlans: string[];
}

/** A launch the bot could not make, in words for the pull request. */
export class LaunchRefused extends Error {}

/** A completed check run's `conclusion` (GitHub's REST API). */
export type Conclusion =
  | 'success'
  | 'failure'
  | 'neutral'
  | 'cancelled'
  | 'timed_out'
  | 'action_required'
  | 'skipped';

/** The conclusion of a check run for each terminal phase of an execution. */
export const CONCLUSIONS: Record<string, Conclusion> = {
  SUCCEEDED: 'success',
  FAILED: 'failure',
  ABORTED: 'cancelled',
  TIMED_OUT: 'timed_out',
};

/** The message of anything thrown: `errorMessage` of `api/guards`, under the name the bot's modules use. */

/**
 * The execution name of a launch made for a delivery: `bot-` and 32 hex digits of a SHA-256 of the
 * delivery id and the launch plan. Every replica derives the same name, so a delivery handled twice
 * (a redelivery, or two replicas) launches once: the admin answers AlreadyExists the second time.
 */
export function executionNameFor(deliveryId: string, launchPlan: string): string {
  const digest = createHash('sha256').update(`orch-bot v1\n${deliveryId}\n${launchPlan}`).digest('hex');
  return `bot-${digest.slice(0, 32)}`;
}

/** Why the admin failed, in words for a check run: an unreachable admin is said so. */
export function adminFailure(error: unknown, endpoint: string): string {
  if (error instanceof UnavailableError) {
    return `The admin at ${endpoint} could not be reached (${error.message}); nothing was registered or launched. Re-run this check once it is back.`;
  }
  if (error instanceof AdminError) return `The admin refused: ${error.message}`;
  return errorMessage(error);
}

/** What every part of the bot is built with. */
export interface BotContext {
  deps: BotDeps;
  client: BotAdminClient;
  logger: Logger;
  /** Aborts every execution the bot follows (on shutdown). */
  stop: AbortController;
  /** Keeps a background piece of work (the following of an execution) until it ends. */
  track(work: Promise<void>): void;
}
