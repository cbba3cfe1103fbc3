/**
 * Closeness of names, for "did you mean" suggestions: the flag a typo meant, the launch plan a name
 * without its file prefix meant. Pure functions, no I/O. Distances are {@link editDistance}'s.
 */
import { editDistance } from './suggest.js';

/** The part of an entity name after its last `.` (`add_one_wf` of `wf.add_one_wf`), or the whole name. */
function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/**
 * How far `candidate` is from `name`: 0 when their parts after the last `.` are equal (a name given
 * without its file prefix, `add_one_wf` for `wf.add_one_wf`, or with another one), else the
 * case-insensitive edit distance plus 1.
 */
export function nameDistance(name: string, candidate: string): number {
  if (lastSegment(name).toLowerCase() === lastSegment(candidate).toLowerCase()) return 0;
  return editDistance(name.toLowerCase(), candidate.toLowerCase()) + 1;
}

/** What {@link closestNames} found. */
export interface ClosestNames {
  /** Names close enough to be what was meant (suffix match, or a few edits), closest first. */
  likely: string[];
  /** The closest names whatever their distance, closest first (for listing when none is likely). */
  closest: string[];
}

/**
 * The names among `candidates` closest to `name`, at most `max` (default 3) of each kind, ties in
 * alphabetical order. A candidate is likely when its part after the last `.` equals `name`'s, or when
 * it is at most max(2, a third of `name`'s length) edits away (the rule `nearestFlag` uses for flags).
 * `name` itself is never suggested.
 */
export function closestNames(name: string, candidates: Iterable<string>, max = 3): ClosestNames {
  const threshold = Math.max(2, Math.floor(name.length / 3)) + 1;
  const ranked = [...new Set(candidates)]
    .filter((candidate) => candidate !== name)
    .map((candidate) => ({ candidate, distance: nameDistance(name, candidate) }))
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1));
  return {
    likely: ranked
      .filter((r) => r.distance <= threshold)
      .slice(0, max)
      .map((r) => r.candidate),
    closest: ranked.slice(0, max).map((r) => r.candidate),
  };
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"` (with `joiner` "or"; "and" for a list). */
export function quotedList(names: readonly string[], joiner: 'or' | 'and'): string {
  const quoted = names.map((n) => JSON.stringify(n));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${joiner} ${quoted[quoted.length - 1]}`;
}
