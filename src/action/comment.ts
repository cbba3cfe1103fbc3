import type { getOctokit } from '@actions/github';

/** The REST client of `@actions/github` (`getOctokit`), with pagination. */
export type GithubClient = ReturnType<typeof getOctokit>;

/** What identifies the one comment of a launch plan on a pull request. */
export interface CommentKey {
  project: string;
  domain: string;
  launchPlan: string;
}

/**
 * The hidden marker that identifies the Action's comment for one project, domain and launch plan:
 * `<!-- orch:run project=<p> domain=<d> launch-plan=<lp> -->`. Runs of other launch plans keep
 * comments of their own.
 */
export function commentMarker(key: CommentKey): string {
  return `<!-- orch:run project=${key.project} domain=${key.domain} launch-plan=${key.launchPlan} -->`;
}

/** Where the comment goes: the repository and the pull request's number. */
export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

/**
 * Creates the comment holding `marker`, or updates it in place when one exists: every page of the
 * pull request's comments is searched (100 a page), so the marker is found on busy pull requests.
 * @returns the comment's id and whether it was created.
 * @throws the REST client's RequestError (e.g. status 403 when the token may not write).
 */
export async function upsertComment(
  octokit: GithubClient,
  target: CommentTarget,
  marker: string,
  body: string,
): Promise<{ id: number; created: boolean }> {
  const params = { owner: target.owner, repo: target.repo, issue_number: target.issueNumber, per_page: 100 };
  let existing: number | undefined;
  for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, params)) {
    const found = page.data.find((comment) => comment.body?.includes(marker));
    if (found) {
      existing = found.id;
      break;
    }
  }
  const text = `${marker}\n${body}`;
  if (existing !== undefined) {
    await octokit.rest.issues.updateComment({
      owner: target.owner,
      repo: target.repo,
      comment_id: existing,
      body: text,
    });
    return { id: existing, created: false };
  }
  const created = await octokit.rest.issues.createComment({
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    body: text,
  });
  return { id: created.data.id, created: true };
}

/** The HTTP status of a REST client error, else undefined. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}
