// Original file: proto/orch/core/literals.proto

import type { Scalar as _orch_core_Scalar, Scalar__Output as _orch_core_Scalar__Output } from '../../orch/core/Scalar.js';
import type { LiteralCollection as _orch_core_LiteralCollection, LiteralCollection__Output as _orch_core_LiteralCollection__Output } from '../../orch/core/LiteralCollection.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';

export interface Literal {
  'scalar'?: (_orch_core_Scalar | null);
  'collection'?: (_orch_core_LiteralCollection | null);
  'map'?: (_orch_core_LiteralMap | null);
  'value'?: "scalar"|"collection"|"map";
}

export interface Literal__Output {
  'scalar'?: (_orch_core_Scalar__Output | null);
  'collection'?: (_orch_core_LiteralCollection__Output | null);
  'map'?: (_orch_core_LiteralMap__Output | null);
  'value'?: "scalar"|"collection"|"map";
}
