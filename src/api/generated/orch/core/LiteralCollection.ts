// Original file: proto/orch/core/literals.proto

import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from '../../orch/core/Literal.js';

export interface LiteralCollection {
  'literals'?: (_orch_core_Literal)[];
}

export interface LiteralCollection__Output {
  'literals': (_orch_core_Literal__Output)[];
}
