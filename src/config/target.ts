import type { Config } from './types.js';

/**
 * Project and domain that `orch register`, `orch run`, `orch deploy`, `orchctl get` and the Action use
 * when none is given (the sandbox's default project and its first domain). Kept apart so that reading
 * it loads nothing.
 */
export const DEFAULT_TARGET = Object.freeze({ project: 'default', domain: 'development' });

/**
 * The project and domain a command acts in: `-p/--project` and `-d/--domain`, else `ORCHCTL_PROJECT`
 * and `ORCHCTL_DOMAIN`, else the config file's `project:` and `domain:` (the precedence of
 * `loadConfig`), else {@link DEFAULT_TARGET}. One rule for `orch` and `orchctl`, so both act in the
 * same place given the same configuration. Blank values count as not given.
 */
export function targetOf(config: Pick<Config, 'project' | 'domain'>): { project: string; domain: string } {
  return {
    project: config.project?.trim() || DEFAULT_TARGET.project,
    domain: config.domain?.trim() || DEFAULT_TARGET.domain,
  };
}
