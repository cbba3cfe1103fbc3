import { createHash } from 'node:crypto';
import { digestOf } from '../api/canonical.js';

/**
 * Idempotent launches. A caller that may deliver a request more than once sends an `Idempotency-Key`
 * header; the webhook names the execution after the key ({@link executionNameForKey}), so the admin's
 * uniqueness of execution names (AlreadyExists) turns every retry, on any replica, into a lookup of the
 * first run. The run is only the same run when it launched the same launch plan version with the same
 * effective inputs ({@link launchFingerprint}); otherwise the webhook answers 409.
 */

/** Longest accepted `Idempotency-Key`, in characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Printable ASCII without leading or trailing space, 1 to {@link MAX_IDEMPOTENCY_KEY_LENGTH} characters. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** True when `key` is a usable `Idempotency-Key` (printable ASCII, 1-255 characters, no outer spaces). */
export function validIdempotencyKey(key: string): boolean {
  return key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** Prefix of execution names derived from idempotency keys; generated names never contain `-`. */
export const IDEMPOTENT_NAME_PREFIX = 'wh-';

/**
 * The execution name for an idempotency key: `wh-` and the first 32 hex digits (128 bits) of a
 * SHA-256 digest of the key, 35 characters in all. It matches the admin's rule for execution names
 * (`^[a-z][a-z0-9-]*$`, at most 63 characters; DESIGN.md, "The API") whatever the key holds, and the
 * key itself cannot be read back from it. Deterministic, so every replica derives the same name.
 */
export function executionNameForKey(key: string): string {
  const digest = createHash('sha256')
    .update('orch-webhook idempotency v1\n')
    .update(key, 'utf8')
    .digest('hex');
  return `${IDEMPOTENT_NAME_PREFIX}${digest.slice(0, 32)}`;
}

/** The launch plan version a launch names. */
export interface LaunchPlanKey {
  project: string;
  domain: string;
  name: string;
  version: string;
}

/**
 * A digest (hex SHA-256) of what makes two launches the same: the launch plan version and the
 * effective inputs (fixed inputs, defaults and given values, as plain JSON).
 */
export function launchFingerprint(
  launchPlan: LaunchPlanKey,
  effectiveInputs: Record<string, unknown>,
): string {
  return digestOf([
    launchPlan.project,
    launchPlan.domain,
    launchPlan.name,
    launchPlan.version,
    effectiveInputs,
  ]);
}
