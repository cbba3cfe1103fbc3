// Original file: proto/orch/core/types.proto

import type { SimpleType as _orch_core_SimpleType, SimpleType__Output as _orch_core_SimpleType__Output } from '../../orch/core/SimpleType.js';
import type { LiteralType as _orch_core_LiteralType, LiteralType__Output as _orch_core_LiteralType__Output } from '../../orch/core/LiteralType.js';
import type { EnumType as _orch_core_EnumType, EnumType__Output as _orch_core_EnumType__Output } from '../../orch/core/EnumType.js';

export interface LiteralType {
  'simple'?: (_orch_core_SimpleType);
  'collection_type'?: (_orch_core_LiteralType | null);
  'map_value_type'?: (_orch_core_LiteralType | null);
  'enum_type'?: (_orch_core_EnumType | null);
  'optional'?: (boolean);
  'type'?: "simple"|"collection_type"|"map_value_type"|"enum_type";
}

export interface LiteralType__Output {
  'simple'?: (_orch_core_SimpleType__Output);
  'collection_type'?: (_orch_core_LiteralType__Output | null);
  'map_value_type'?: (_orch_core_LiteralType__Output | null);
  'enum_type'?: (_orch_core_EnumType__Output | null);
  'optional': (boolean);
  'type'?: "simple"|"collection_type"|"map_value_type"|"enum_type";
}
