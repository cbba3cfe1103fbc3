/**
 * "Did you mean" for names a user typed: the known name closest to a typo. Edit distance is the
 * optimal-string-alignment distance (insertions, deletions, substitutions and swaps of two adjacent
 * characters, each counting 1), case-insensitive.
 */

/**
 * Edit distance between two strings: insertions, deletions, substitutions and swaps of adjacent
 * characters (`retires` → `retries` is 1), each counting 1; compared as given (case-sensitive).
 */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance between the first i characters of a and the first j of b.
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (rows[i - 1]?.[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (rows[i - 1]?.[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The name of `known` closest to `typed` (case-insensitive {@link editDistance}) when it is close
 * enough to be a likely typo: at most a third of the typed length in edits, at least 1, and fewer
 * edits than the typed name has characters. Ties go to the first in `known`.
 * @returns the suggestion, or undefined when nothing is close (or `typed` is itself known).
 */
export function closestName(typed: string, known: Iterable<string>): string | undefined {
  const lower = typed.toLowerCase();
  const limit = Math.max(1, Math.floor(typed.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    if (name === typed) return undefined;
    const distance = editDistance(lower, name.toLowerCase());
    if (distance <= limit && distance < typed.length && (!best || distance < best.distance)) {
      best = { name, distance };
    }
  }
  return best?.name;
}

/** `; did you mean "<name>"?` for the closest known name, or the empty string (see {@link closestName}). */
export function didYouMean(typed: string, known: Iterable<string>): string {
  const near = closestName(typed, known);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}
