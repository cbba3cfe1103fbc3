import { createHash } from 'node:crypto';
import { canonicalJson } from '../api/canonical.js';
import { ORCH_VERSION } from '../api/version.js';
import { compileWorkflowFile } from './compile.js';
import type { LoadedWorkflowFile } from './workflow-file.js';

/** Length of a computed version, in characters (DESIGN.md: 22-character URL-safe base64). */
export const VERSION_LENGTH = 22;

/**
 * The computed version: URL-safe base64 (no padding) of the first 16 bytes of SHA-256 over the
 * canonical JSON of the file (or code bundle) digest, the compiled specs and the tool version;
 * 22 characters (DESIGN.md, "Workflow files").
 */
export function computeVersion(input: { fileDigest: string; specs: unknown; toolVersion: string }): string {
  const digest = createHash('sha256')
    .update(canonicalJson([input.fileDigest, input.specs, input.toolVersion]))
    .digest();
  return digest.subarray(0, 16).toString('base64url');
}

/**
 * The version of a workflow file: the same bytes always give the same version, any change a new
 * one. It depends on content only, not on the project or domain registered to: the specs are
 * compiled with empty ids for hashing, so the version does not depend on itself.
 */
export function versionOf(file: LoadedWorkflowFile): string {
  const fileDigest = createHash('sha256').update(file.bytes).digest('hex');
  const specs = compileWorkflowFile(file, { project: '', domain: '' }, '');
  return computeVersion({ fileDigest, specs, toolVersion: ORCH_VERSION });
}
