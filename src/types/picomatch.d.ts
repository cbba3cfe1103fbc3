/**
 * The part of picomatch 4 (https://github.com/micromatch/picomatch) orch uses; the package ships no
 * types of its own.
 */
declare module 'picomatch' {
  /** Options of a matcher (picomatch's README, "Options"). */
  export interface PicomatchOptions {
    /** Match dotfiles and dot folders too. */
    dot?: boolean;
    /** Match case-insensitively. */
    nocase?: boolean;
  }
  /** A compiled matcher: true when `path` (forward slashes) matches. */
  export type Matcher = (path: string) => boolean;
  /**
   * Compiles one glob, or several (a path matches when it matches any of them).
   * @throws TypeError for an empty or non-string glob.
   */
  function picomatch(glob: string | readonly string[], options?: PicomatchOptions): Matcher;
  export default picomatch;
}
