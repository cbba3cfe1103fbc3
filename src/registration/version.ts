import { createHash } from 'node:crypto';
import { SHORT_DIGEST_LENGTH, shortDigest } from '../api/canonical.js';
import { ORCH_VERSION } from '../api/version.js';
import { compileWorkflowFile } from './compile.js';
import type { LoadedWorkflowFile } from './workflow-file.js';

/** Length of a computed version, in characters (DESIGN.md: a 22-character URL-safe base64 digest). */
export const VERSION_LENGTH = SHORT_DIGEST_LENGTH;

/**
 * The computed version (DESIGN.md, "Workflow files"): URL-safe base64 without padding of the first
 * 16 bytes of SHA-256 over the canonical JSON of `{fileDigest, specs, toolVersion}`; always
 * {@link VERSION_LENGTH} characters of `[A-Za-z0-9_-]`. Equal inputs give equal versions.
 * @param input.fileDigest digest of the registered content (the workflow file or its code bundle).
 * @param input.specs the compiled specs, compiled with a placeholder version so the version does not
 *   depend on itself.
 * @param input.toolVersion the version of this tool ({@link ORCH_VERSION}).
 */
export function computeVersion(input: { fileDigest: string; specs: unknown; toolVersion: string }): string {
  const { fileDigest, specs, toolVersion } = input;
  return shortDigest({ fileDigest, specs, toolVersion });
}

/**
 * The version of a workflow file's entities: {@link computeVersion} over the SHA-256 (hex) of the
 * file's bytes, its specs compiled with an empty version and an empty project and domain, and
 * {@link ORCH_VERSION}. The same bytes (under the same file name) always give the same version, in
 * every project and domain, so a file promoted from one domain to another keeps its version; any
 * change to the bytes or the file name gives a new one.
 */
export function versionOf(file: LoadedWorkflowFile): string {
  const fileDigest = createHash('sha256').update(file.bytes).digest('hex');
  const specs = compileWorkflowFile(file, { project: '', domain: '' }, '');
  return computeVersion({ fileDigest, specs, toolVersion: ORCH_VERSION });
}
