// Original file: proto/orch/admin/common.proto

import type { NamedEntityIdentifier as _orch_admin_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_NamedEntityIdentifier__Output } from '../../orch/admin/NamedEntityIdentifier.js';

export interface NamedEntityIdentifierList {
  'entities'?: (_orch_admin_NamedEntityIdentifier)[];
  'token'?: (string);
}

export interface NamedEntityIdentifierList__Output {
  'entities': (_orch_admin_NamedEntityIdentifier__Output)[];
  'token': (string);
}
