import { describe, expect, test } from '@jest/globals';
import {
  globMatches,
  policyMatches,
  policyProblems,
  principalOf,
  type TrustPolicyRule,
} from '../../../src/server/auth/trust-policy.js';

const GITHUB = 'https://token.actions.githubusercontent.com';

const rule = (conditions: TrustPolicyRule['conditions']): TrustPolicyRule => ({
  org: '',
  name: 'p',
  issuer: GITHUB,
  conditions,
  role: 'CONTRIBUTOR',
  projects: [],
  domains: [],
});

/** Claims of GitHub Actions' ID token for a push to main of acme/flows. */
const push = {
  repository: 'acme/flows',
  repository_owner: 'acme',
  ref: 'refs/heads/main',
  event_name: 'push',
  sub: 'repo:acme/flows:ref:refs/heads/main',
};

describe('trust policy rules', () => {
  test('globs: * stays within a path segment, ** crosses them, other characters are literal', () => {
    expect(globMatches('refs/heads/*', 'refs/heads/main')).toBe(true);
    expect(globMatches('refs/heads/*', 'refs/heads/feature/x')).toBe(false);
    expect(globMatches('refs/**', 'refs/heads/feature/x')).toBe(true);
    expect(globMatches('acme/flows', 'acme/flowsX')).toBe(false);
    expect(globMatches('v1.?', 'v1x2')).toBe(false);
    expect(globMatches('a+b', 'a+b')).toBe(true);
  });

  test('a pull request from a fork of the repository matches no branch policy, however wide its ref glob', () => {
    const branches = rule([
      { claim: 'repository', pattern: 'acme/flows', glob: false },
      { claim: 'ref', pattern: '**', glob: true },
    ]);
    expect(policyMatches(branches, push)).toBe(true);
    // GitHub's token for a fork's pull request: the base repository, the merge ref, event pull_request.
    const forkPr = { ...push, ref: 'refs/pull/12/merge', event_name: 'pull_request', head_ref: 'patch-1' };
    expect(policyMatches(branches, forkPr)).toBe(false);
    expect(policyMatches(branches, { ...forkPr, event_name: 'pull_request_target' })).toBe(false);
    // Named on purpose, pull requests match; a fork's head repository still never does.
    const prs = rule([
      { claim: 'repository', pattern: 'acme/flows', glob: false },
      { claim: 'event_name', pattern: 'pull_request', glob: false },
    ]);
    expect(policyMatches(prs, forkPr)).toBe(true);
    expect(policyMatches(prs, { ...forkPr, head_repository: 'mallory/flows' })).toBe(false);
    expect(policyMatches(prs, { ...forkPr, head_repository: 'acme/flows' })).toBe(true);
  });

  test('a missing claim never matches a condition on it', () => {
    const env = rule([
      { claim: 'repository', pattern: 'acme/flows', glob: false },
      { claim: 'environment', pattern: '*', glob: true },
    ]);
    expect(policyMatches(env, push)).toBe(false);
    expect(policyMatches(env, { ...push, environment: 'production' })).toBe(true);
  });

  test('creation refuses policies that name no repository, and globs that reach pull_request_target', () => {
    expect(policyProblems([{ claim: 'ref', pattern: 'refs/heads/main', glob: false }])).toEqual([
      'a trust policy must have a condition on repository or repository_owner',
    ]);
    const problems = policyProblems([
      { claim: 'repository_owner', pattern: 'acme', glob: false },
      { claim: 'event_name', pattern: 'pull_request*', glob: true },
    ]);
    expect(problems.join()).toMatch(/matches pull_request_target/);
    expect(
      policyProblems([
        { claim: 'repository_owner', pattern: 'acme', glob: false },
        { claim: 'event_name', pattern: 'pull_request_target', glob: false },
      ]),
    ).toEqual([]);
  });

  test('the principal of a GitHub Actions token is github:<repository>@<ref>', () => {
    expect(principalOf(GITHUB, push)).toBe('github:acme/flows@refs/heads/main');
    expect(
      principalOf('https://gitlab.example.com', { sub: 'project_path:g/p:ref_type:branch:ref:main' }),
    ).toBe('gitlab.example.com:project_path:g/p:ref_type:branch:ref:main');
  });
});
