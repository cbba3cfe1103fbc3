import type { RoleName } from './tokens.js';

/** The ID token claims a trust policy may put conditions on (GitHub Actions' names). */
export const POLICY_CLAIMS = [
  'sub',
  'repository',
  'repository_owner',
  'ref',
  'environment',
  'event_name',
  'job_workflow_ref',
] as const;
export type PolicyClaim = (typeof POLICY_CLAIMS)[number];

/** True when `value` is one of {@link POLICY_CLAIMS}. */
export function isPolicyClaim(value: unknown): value is PolicyClaim {
  return typeof value === 'string' && POLICY_CLAIMS.some((claim) => claim === value);
}

/** One condition: the claim equals `pattern`, or matches it as a glob ({@link globMatches}) when `glob`. */
export interface ClaimCondition {
  claim: PolicyClaim;
  pattern: string;
  glob: boolean;
}

/** A trust policy as the token exchange applies it. */
export interface TrustPolicyRule {
  org: string;
  name: string;
  issuer: string;
  conditions: ClaimCondition[];
  role: RoleName;
  /** Projects the exchanged tokens may act in; empty: every project. */
  projects: string[];
  /** Domains the exchanged tokens may act in; empty: every domain. */
  domains: string[];
}

/** The GitHub events whose tokens run code of a pull request. */
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/**
 * True when `value` matches the glob `pattern`: `*` stands for any run of characters but `/`, `**`
 * for any run of characters, `?` for one character but `/`; every other character stands for itself
 * (no braces, classes or negation, so a pattern reads the same to everyone who writes one).
 */
export function globMatches(pattern: string, value: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern.charAt(i);
    if (char === '*' && pattern.charAt(i + 1) === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's').test(value);
}

function conditionMatches(condition: ClaimCondition, value: string): boolean {
  return condition.glob ? globMatches(condition.pattern, value) : condition.pattern === value;
}

/**
 * Checks a policy's conditions when it is created, and returns what is wrong with them (empty when
 * nothing). The safe defaults: a policy names `repository` or `repository_owner` (so no token of a
 * stranger's repository can match it); each claim at most once; and a policy matches
 * `pull_request_target` events (which run with the base repository's rights on a pull request's
 * input) only when its `event_name` condition is exactly `pull_request_target`, never through a glob.
 */
export function policyProblems(conditions: readonly ClaimCondition[]): string[] {
  const problems: string[] = [];
  const claims = conditions.map((c) => c.claim);
  if (!claims.includes('repository') && !claims.includes('repository_owner')) {
    problems.push('a trust policy must have a condition on repository or repository_owner');
  }
  const twice = claims.filter((claim, i) => claims.indexOf(claim) !== i);
  if (twice.length) problems.push(`one condition per claim: ${[...new Set(twice)].join(', ')} given twice`);
  for (const condition of conditions) {
    if (!condition.pattern) problems.push(`the condition on ${condition.claim} has an empty pattern`);
    if (condition.claim !== 'event_name' || !condition.glob) continue;
    if (globMatches(condition.pattern, 'pull_request_target')) {
      problems.push(
        `event_name pattern "${condition.pattern}" matches pull_request_target: name that event exactly (not as a glob) if it is really meant`,
      );
    }
  }
  return problems;
}

/**
 * Whether the verified ID token `claims` meet `policy`. Every condition's claim must be a string that
 * matches. The fork rule, for GitHub Actions' tokens: a pull request's token names the base
 * repository (`repository`) with `ref` `refs/pull/<n>/merge`, even when the pull request comes from
 * a fork, so (1) a token of a `pull_request` or `pull_request_target` event matches only a policy with
 * an `event_name` condition that matches it (a policy for branches never serves pull requests, even
 * with a `ref` glob such as `refs/**`), and (2) a token whose `head_repository` (or
 * `head_repository_owner`) claim is present and differs from `repository` (`repository_owner`), a
 * fork's, matches no policy at all.
 */
export function policyMatches(policy: TrustPolicyRule, claims: Readonly<Record<string, unknown>>): boolean {
  for (const condition of policy.conditions) {
    const value = claims[condition.claim];
    if (typeof value !== 'string' || !conditionMatches(condition, value)) return false;
  }
  const event = claims.event_name;
  if (typeof event === 'string' && PULL_REQUEST_EVENTS.has(event)) {
    if (!policy.conditions.some((c) => c.claim === 'event_name')) return false;
  }
  for (const [head, base] of [
    ['head_repository', 'repository'],
    ['head_repository_owner', 'repository_owner'],
  ] as const) {
    const headValue = claims[head];
    if (headValue !== undefined && headValue !== claims[base]) return false;
  }
  return true;
}

/**
 * The principal an exchanged token acts as (recorded on executions as who launched them):
 * `<prefix>:<repository>@<ref>` when the ID token names both (e.g. `github:acme/flows@refs/heads/main`,
 * prefix `github` for GitHub Actions' issuer, else the issuer's host name), else `<prefix>:<sub>`.
 */
export function principalOf(issuer: string, claims: Readonly<Record<string, unknown>>): string {
  const prefix =
    issuer === 'https://token.actions.githubusercontent.com'
      ? 'github'
      : URL.canParse(issuer)
        ? new URL(issuer).hostname
        : 'oidc';
  const { repository, ref, sub } = claims;
  if (typeof repository === 'string' && typeof ref === 'string') return `${prefix}:${repository}@${ref}`;
  return `${prefix}:${typeof sub === 'string' ? sub : ''}`;
}
