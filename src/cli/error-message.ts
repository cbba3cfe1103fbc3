/**
 * The message of a thrown value: its `message` when it has one (an Error of any realm, such as
 * Node's own file-system errors seen from a VM context), else its text.
 */
export function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
}

/** The `code` of a thrown value (`ENOENT`, ...), or undefined when it has none. */
export function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
