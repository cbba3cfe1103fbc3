/** The `code` of a thrown value (`ENOENT`, ...), or undefined when it has none. */
export function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
