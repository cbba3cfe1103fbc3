// Original file: proto/orch/admin/project.proto

import type { Domain as _orch_admin_Domain, Domain__Output as _orch_admin_Domain__Output } from '../../orch/admin/Domain.js';

// Original file: proto/orch/admin/project.proto

export const _orch_admin_Project_ProjectState = {
  ACTIVE: 'ACTIVE',
  ARCHIVED: 'ARCHIVED',
  SYSTEM_GENERATED: 'SYSTEM_GENERATED',
} as const;

export type _orch_admin_Project_ProjectState =
  | 'ACTIVE'
  | 0
  | 'ARCHIVED'
  | 1
  | 'SYSTEM_GENERATED'
  | 2

export type _orch_admin_Project_ProjectState__Output = typeof _orch_admin_Project_ProjectState[keyof typeof _orch_admin_Project_ProjectState]

export interface Project {
  'id'?: (string);
  'name'?: (string);
  'domains'?: (_orch_admin_Domain)[];
  'description'?: (string);
  'labels'?: ({[key: string]: string});
  'state'?: (_orch_admin_Project_ProjectState);
  'org'?: (string);
}

export interface Project__Output {
  'id': (string);
  'name': (string);
  'domains': (_orch_admin_Domain__Output)[];
  'description': (string);
  'labels': ({[key: string]: string});
  'state': (_orch_admin_Project_ProjectState__Output);
  'org': (string);
}
