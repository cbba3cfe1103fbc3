// Original file: proto/orch/admin/secret.proto


// Original file: proto/orch/admin/secret.proto

export const _orch_admin_SecretSpec_Type = {
  GENERIC: 'GENERIC',
  IMAGE_PULL_SECRET: 'IMAGE_PULL_SECRET',
} as const;

export type _orch_admin_SecretSpec_Type =
  | 'GENERIC'
  | 0
  | 'IMAGE_PULL_SECRET'
  | 1

export type _orch_admin_SecretSpec_Type__Output = typeof _orch_admin_SecretSpec_Type[keyof typeof _orch_admin_SecretSpec_Type]

export interface SecretSpec {
  'string_value'?: (string);
  'binary_value'?: (Buffer | Uint8Array | string);
  'type'?: (_orch_admin_SecretSpec_Type);
  'value'?: "string_value"|"binary_value";
}

export interface SecretSpec__Output {
  'string_value'?: (string);
  'binary_value'?: (Buffer);
  'type': (_orch_admin_SecretSpec_Type__Output);
  'value'?: "string_value"|"binary_value";
}
