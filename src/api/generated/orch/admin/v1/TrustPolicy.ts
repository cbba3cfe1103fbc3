// Original file: proto/orch/admin/v1/trust_policy.proto

import type { ClaimCondition as _orch_admin_v1_ClaimCondition, ClaimCondition__Output as _orch_admin_v1_ClaimCondition__Output } from '../../../orch/admin/v1/ClaimCondition.js';
import type { Role as _orch_admin_v1_Role, Role__Output as _orch_admin_v1_Role__Output } from '../../../orch/admin/v1/Role.js';
import type { Long } from '@grpc/proto-loader';

/**
 * A trust policy: ID tokens of `issuer` whose claims meet every condition are exchanged (RFC 8693 at
 * the token endpoint) for short-lived access tokens with `role`, limited to `projects` and `domains`
 * when those are not empty.
 */
export interface TrustPolicy {
  /**
   * Lower-case letters, digits and dashes, at most 63 characters; unique in the org.
   */
  'name'?: (string);
  /**
   * The issuer URL (`iss`), e.g. https://token.actions.githubusercontent.com.
   */
  'issuer'?: (string);
  /**
   * Every condition must hold; a policy must name `repository` or `repository_owner`.
   */
  'conditions'?: (_orch_admin_v1_ClaimCondition)[];
  /**
   * The role of the exchanged access tokens.
   */
  'role'?: (_orch_admin_v1_Role);
  /**
   * The projects the exchanged tokens may act in; empty means every project.
   */
  'projects'?: (string)[];
  /**
   * The domains the exchanged tokens may act in; empty means every domain.
   */
  'domains'?: (string)[];
  /**
   * The org the policy belongs to; empty for the server's own.
   */
  'org'?: (string);
  /**
   * Milliseconds since the epoch, as RFC 3339 over HTTP.
   */
  'created_at_ms'?: (number | string | Long);
  /**
   * The subject that created the policy.
   */
  'created_by'?: (string);
}

/**
 * A trust policy: ID tokens of `issuer` whose claims meet every condition are exchanged (RFC 8693 at
 * the token endpoint) for short-lived access tokens with `role`, limited to `projects` and `domains`
 * when those are not empty.
 */
export interface TrustPolicy__Output {
  /**
   * Lower-case letters, digits and dashes, at most 63 characters; unique in the org.
   */
  'name': (string);
  /**
   * The issuer URL (`iss`), e.g. https://token.actions.githubusercontent.com.
   */
  'issuer': (string);
  /**
   * Every condition must hold; a policy must name `repository` or `repository_owner`.
   */
  'conditions': (_orch_admin_v1_ClaimCondition__Output)[];
  /**
   * The role of the exchanged access tokens.
   */
  'role': (_orch_admin_v1_Role__Output);
  /**
   * The projects the exchanged tokens may act in; empty means every project.
   */
  'projects': (string)[];
  /**
   * The domains the exchanged tokens may act in; empty means every domain.
   */
  'domains': (string)[];
  /**
   * The org the policy belongs to; empty for the server's own.
   */
  'org': (string);
  /**
   * Milliseconds since the epoch, as RFC 3339 over HTTP.
   */
  'created_at_ms': (string);
  /**
   * The subject that created the policy.
   */
  'created_by': (string);
}
