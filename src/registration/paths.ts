import { isAbsolute, join } from 'node:path';
import { glob } from 'tinyglobby';

/** Characters that make an argument a glob rather than a plain path. */
const GLOB_CHARS = /[*?[\]{}]/;

/**
 * The workflow files `patterns` name, for `orch register` and the Action: plain paths as given
 * (joined to `cwd` when relative and `cwd` is given), globs matched against `cwd` (the process's
 * working directory when absent; files only, sorted); duplicates dropped, first occurrence kept.
 * @returns the paths and the globs that matched nothing (the caller decides how to report them).
 */
export async function expandWorkflowPaths(
  patterns: readonly string[],
  cwd?: string,
): Promise<{ paths: string[]; unmatched: string[] }> {
  const paths: string[] = [];
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    if (!GLOB_CHARS.test(pattern)) {
      paths.push(cwd === undefined || isAbsolute(pattern) ? pattern : join(cwd, pattern));
      continue;
    }
    const matches = (await glob(pattern, { cwd, onlyFiles: true, absolute: true })).sort();
    if (!matches.length) unmatched.push(pattern);
    paths.push(...matches);
  }
  return { paths: [...new Set(paths)], unmatched };
}
