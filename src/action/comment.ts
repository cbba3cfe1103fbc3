import type { getOctokit } from '@actions/github';

/** The REST client of `@actions/github` (`getOctokit`), with pagination. */
export type GithubClient = ReturnType<typeof getOctokit>;
