import { AdminError } from './errors.js';

/**
 * What a command line shows for a runtime error: an {@link AdminError}'s message and hint, another
 * Error's message; exit code 1 (DESIGN.md, "Errors and exits"). Never includes secrets: admin errors
 * carry only the server's message.
 */
export function describeRuntimeError(error: unknown): { message: string; hint?: string; exitCode: number } {
  if (error instanceof AdminError) return { message: error.message, hint: error.hint, exitCode: 1 };
  if (error instanceof Error) return { message: error.message, exitCode: 1 };
  return { message: String(error), exitCode: 1 };
}
