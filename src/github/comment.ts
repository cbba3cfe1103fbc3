import { githubUnanswered } from './fetch.js';

/**
 * The sticky pull request comment, shared by the Action and the bot: one comment per purpose,
 * identified by a hidden HTML marker on its first line, found on any page of the pull request's
 * comments and updated in place, so re-runs never pile up comments.
 */

/** One comment as the REST API lists it (only what the marker search reads). */
interface ListedComment {
  id: number;
  body?: string | null;
}

/**
 * The part of a GitHub REST client (`octokit`'s `Octokit`, or `@actions/github`'s `getOctokit`) that
 * sticky comments use: listing a pull request's comments page by page, creating and updating one.
 */
export interface IssueCommentsClient {
  paginate: {
    // biome-ignore lint/suspicious/noExplicitAny: both clients' overloaded endpoint methods fit here.
    iterator(method: any, params: any): AsyncIterable<{ data: readonly ListedComment[] }>;
  };
  rest: {
    issues: {
      // biome-ignore lint/suspicious/noExplicitAny: the endpoint method, only passed to the iterator.
      listComments: any;
      createComment(params: {
        owner: string;
        repo: string;
        issue_number: number;
        body: string;
      }): Promise<{ data: { id: number } }>;
      updateComment(params: {
        owner: string;
        repo: string;
        comment_id: number;
        body: string;
      }): Promise<unknown>;
    };
  };
}

/** What identifies the Action's comment of one launch plan on a pull request. */
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
 * Finds the comment holding `marker` on any page of the pull request's comments (100 a page).
 * @returns the comment's id and body, or undefined.
 * @throws the REST client's RequestError.
 */
export async function findComment(
  octokit: IssueCommentsClient,
  target: CommentTarget,
  marker: string,
): Promise<{ id: number; body: string } | undefined> {
  const params = { owner: target.owner, repo: target.repo, issue_number: target.issueNumber, per_page: 100 };
  for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, params)) {
    const found = page.data.find((comment) => comment.body?.includes(marker));
    if (found) return { id: found.id, body: found.body ?? '' };
  }
  return undefined;
}

/**
 * Creates the comment holding `marker`, or updates it in place when one exists: every page of the
 * pull request's comments is searched (100 a page), so the marker is found on busy pull requests.
 * `existing` skips the search when the caller found the comment already.
 * @returns the comment's id and whether it was created.
 * @throws the REST client's RequestError (e.g. status 403 when the token may not write).
 */
export async function upsertComment(
  octokit: IssueCommentsClient,
  target: CommentTarget,
  marker: string,
  body: string,
  existing?: number,
): Promise<{ id: number; created: boolean }> {
  const id = existing ?? (await findComment(octokit, target, marker))?.id;
  const text = `${marker}\n${body}`;
  if (id !== undefined) {
    await octokit.rest.issues.updateComment({
      owner: target.owner,
      repo: target.repo,
      comment_id: id,
      body: text,
    });
    return { id, created: false };
  }
  const created = await octokit.rest.issues.createComment({
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    body: text,
  });
  return { id: created.data.id, created: true };
}

/**
 * The HTTP status of a REST client error, else undefined: also undefined when GitHub did not answer
 * (in time, {@link GithubTimeoutError}; or before the request was abandoned, {@link GithubAbortedError}),
 * which octokit reports with status 500 though nothing answered.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (githubUnanswered(error)) return undefined;
  if (error && typeof error === 'object' && 'status' in error) {
    return typeof error.status === 'number' ? error.status : undefined;
  }
  return undefined;
}
