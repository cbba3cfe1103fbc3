// Original file: proto/orch/admin/v1/secret.proto


// Original file: proto/orch/admin/v1/secret.proto

/**
 * What a secret is used for.
 */
export const _orch_admin_v1_SecretSpec_Type = {
  /**
   * Not given: taken as GENERIC; never answered.
   */
  TYPE_UNSPECIFIED: 'TYPE_UNSPECIFIED',
  /**
   * An environment variable's value for tasks and apps.
   */
  GENERIC: 'GENERIC',
  /**
   * Credentials for pulling images from a registry.
   */
  IMAGE_PULL_SECRET: 'IMAGE_PULL_SECRET',
} as const;

/**
 * What a secret is used for.
 */
export type _orch_admin_v1_SecretSpec_Type =
  /**
   * Not given: taken as GENERIC; never answered.
   */
  | 'TYPE_UNSPECIFIED'
  | 0
  /**
   * An environment variable's value for tasks and apps.
   */
  | 'GENERIC'
  | 1
  /**
   * Credentials for pulling images from a registry.
   */
  | 'IMAGE_PULL_SECRET'
  | 2

/**
 * What a secret is used for.
 */
export type _orch_admin_v1_SecretSpec_Type__Output = typeof _orch_admin_v1_SecretSpec_Type[keyof typeof _orch_admin_v1_SecretSpec_Type]

/**
 * A secret's value and kind.
 */
export interface SecretSpec {
  /**
   * A text value (UTF-8).
   */
  'string_value'?: (string);
  /**
   * A binary value.
   */
  'binary_value'?: (Buffer | Uint8Array | string);
  /**
   * The kind of the secret; unset for GENERIC.
   */
  'type'?: (_orch_admin_v1_SecretSpec_Type);
  /**
   * The value, at most 65536 bytes, never empty; never returned.
   */
  'value'?: "string_value"|"binary_value";
}

/**
 * A secret's value and kind.
 */
export interface SecretSpec__Output {
  /**
   * A text value (UTF-8).
   */
  'string_value'?: (string);
  /**
   * A binary value.
   */
  'binary_value'?: (Buffer);
  /**
   * The kind of the secret; unset for GENERIC.
   */
  'type': (_orch_admin_v1_SecretSpec_Type__Output);
  /**
   * The value, at most 65536 bytes, never empty; never returned.
   */
  'value'?: "string_value"|"binary_value";
}
