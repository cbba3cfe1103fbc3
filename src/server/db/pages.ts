/**
 * Cuts a keyset page out of rows fetched with `limit + 1`: the first `limit` rows, and the next page's
 * token, made by `tokenOf` from the page's last row when there was one more row, else ''.
 */
export function cutPage<R>(
  rows: R[],
  limit: number,
  tokenOf: (last: R) => string,
): { rows: R[]; token: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, token: rows.length > limit && last !== undefined ? tokenOf(last) : '' };
}
