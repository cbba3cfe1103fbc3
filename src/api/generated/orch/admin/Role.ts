// Original file: proto/orch/admin/identity.proto

export const Role = {
  ROLE_UNSPECIFIED: 'ROLE_UNSPECIFIED',
  VIEWER: 'VIEWER',
  CONTRIBUTOR: 'CONTRIBUTOR',
  ADMIN: 'ADMIN',
} as const;

export type Role =
  | 'ROLE_UNSPECIFIED'
  | 0
  | 'VIEWER'
  | 1
  | 'CONTRIBUTOR'
  | 2
  | 'ADMIN'
  | 3

export type Role__Output = typeof Role[keyof typeof Role]
