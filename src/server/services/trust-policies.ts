import { Role } from '../../api/generated/orch/admin/v1/Role.js';
import type { TrustPolicy__Output } from '../../api/generated/orch/admin/v1/TrustPolicy.js';
import type { TokenExchange } from '../auth/token-exchange.js';
import { isRole } from '../auth/tokens.js';
import { type ClaimCondition, isPolicyClaim, POLICY_CLAIMS, policyProblems } from '../auth/trust-policy.js';
import { isUniqueViolation } from '../db/connect.js';
import { PolicyPageTokenError, type TrustPolicyRow, type TrustRepository } from '../db/trust-repository.js';
import { alreadyExists, invalidArgument, notFound } from '../errors.js';
import type { AdminHandlers } from './admin-context.js';
import { MAX_PAGE_SIZE } from './requests.js';
import { storedEnum } from './stored.js';

/** What the trust policy handlers need. */
export interface TrustPolicyDeps {
  repo: TrustRepository;
  /** The token exchange (which issuers are trusted; forgets deleted policies); undefined without token keys. */
  exchange: TokenExchange | undefined;
  defaultOrg: string;
  now?: () => number;
}

type TrustPolicyHandlers = Pick<
  AdminHandlers,
  'CreateTrustPolicy' | 'GetTrustPolicy' | 'ListTrustPolicies' | 'DeleteTrustPolicy'
>;

/** A policy's name: a DNS label (RFC 1123 §2.1), like an API key's. */
const POLICY_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A project or domain name in a policy's limits. */
const PLACE = /^[a-z0-9][a-z0-9_-]{0,62}$/;

function toMessage(row: TrustPolicyRow) {
  return {
    name: row.name,
    issuer: row.issuer,
    conditions: JSON.parse(row.conditions),
    role: storedEnum(Role, row.role, 'trust_policies.role'),
    projects: JSON.parse(row.projects),
    domains: JSON.parse(row.domains),
    org: row.org,
    created_at_ms: String(row.created_at),
    created_by: row.created_by,
  };
}

/**
 * Checks a policy given to CreateTrustPolicy and returns its conditions.
 * @throws ServiceError INVALID_ARGUMENT listing every problem at once.
 */
function checkedPolicy(policy: TrustPolicy__Output, exchange: TokenExchange | undefined): ClaimCondition[] {
  const problems: string[] = [];
  if (!exchange) problems.push('this server issues no tokens (it has no signing key), so it exchanges none');
  else if (!exchange.trusts(policy.issuer)) {
    problems.push(
      `issuer "${policy.issuer.slice(0, 200)}" is not trusted by this server: add it to --auth.tokenExchange.issuers`,
    );
  }
  if (!isRole(policy.role)) problems.push('role must be ADMIN, CONTRIBUTOR or VIEWER');
  const conditions: ClaimCondition[] = [];
  for (const c of policy.conditions) {
    if (isPolicyClaim(c.claim)) conditions.push({ claim: c.claim, pattern: c.pattern, glob: c.glob });
    else
      problems.push(
        `claim "${c.claim.slice(0, 80)}" cannot be a condition (use ${POLICY_CLAIMS.join(', ')})`,
      );
  }
  problems.push(...policyProblems(conditions));
  for (const place of [...policy.projects, ...policy.domains]) {
    if (!PLACE.test(place)) problems.push(`"${place.slice(0, 80)}" is not a project or domain name`);
  }
  if (problems.length) throw invalidArgument(`trust policy ${policy.name}: ${problems.join('; ')}`);
  return conditions;
}

/**
 * CreateTrustPolicy, GetTrustPolicy, ListTrustPolicies and DeleteTrustPolicy (admin only, see the
 * authorizer): the policies under which the token endpoint exchanges OIDC ID tokens (RFC 8693).
 * Policies cannot be changed: delete and create again (which refuses the old policy's tokens).
 * Creation enforces the safe defaults of `policyProblems` and a trusted issuer.
 */
export function trustPolicyHandlers(deps: TrustPolicyDeps): TrustPolicyHandlers {
  const now = deps.now ?? Date.now;
  const orgOf = (org: string) => org || deps.defaultOrg;
  return {
    async CreateTrustPolicy(request, context) {
      const policy = request.policy;
      if (!policy) throw invalidArgument('policy is required');
      const name = policy.name;
      if (!POLICY_NAME.test(name)) {
        throw invalidArgument(
          `trust policy name "${name.slice(0, 80)}" is not valid: use 1 to 63 lowercase letters, digits and "-", starting and ending with a letter or digit`,
        );
      }
      const conditions = checkedPolicy(policy, deps.exchange);
      const row: TrustPolicyRow = {
        org: orgOf(policy.org),
        name,
        issuer: policy.issuer,
        conditions: JSON.stringify(conditions),
        role: policy.role,
        projects: JSON.stringify([...new Set(policy.projects)]),
        domains: JSON.stringify([...new Set(policy.domains)]),
        created_at: now(),
        created_by: context?.identity?.subject ?? 'anonymous',
      };
      try {
        await deps.repo.insertPolicy(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyExists(`a trust policy named ${name} already exists`);
        throw error;
      }
      return { policy: toMessage(row) };
    },

    async GetTrustPolicy(request) {
      const row = await deps.repo.getPolicy(orgOf(request.org), request.name);
      if (!row) throw notFound(`no trust policy named ${request.name.slice(0, 80)}`);
      return { policy: toMessage(row) };
    },

    async ListTrustPolicies(request) {
      const limit = Math.min(Number(request.limit) || 100, MAX_PAGE_SIZE);
      try {
        const page = await deps.repo.listPolicies(orgOf(request.org), limit, request.token);
        return { policies: page.rows.map(toMessage), token: page.token };
      } catch (error) {
        if (error instanceof PolicyPageTokenError) throw invalidArgument(error.message);
        throw error;
      }
    },

    async DeleteTrustPolicy(request) {
      const org = orgOf(request.org);
      if (!(await deps.repo.deletePolicy(org, request.name))) {
        throw notFound(`no trust policy named ${request.name.slice(0, 80)}`);
      }
      deps.exchange?.forget(org, request.name);
      return {};
    },
  };
}
