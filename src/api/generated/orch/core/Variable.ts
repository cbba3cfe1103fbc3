// Original file: proto/orch/core/interface.proto

import type { LiteralType as _orch_core_LiteralType, LiteralType__Output as _orch_core_LiteralType__Output } from '../../orch/core/LiteralType.js';

export interface Variable {
  'type'?: (_orch_core_LiteralType | null);
  'description'?: (string);
}

export interface Variable__Output {
  'type': (_orch_core_LiteralType__Output | null);
  'description': (string);
}
