// Original file: proto/orch/core/interface.proto

import type { Parameter as _orch_core_Parameter, Parameter__Output as _orch_core_Parameter__Output } from '../../orch/core/Parameter.js';

export interface ParameterMap {
  'parameters'?: ({[key: string]: _orch_core_Parameter});
}

export interface ParameterMap__Output {
  'parameters': ({[key: string]: _orch_core_Parameter__Output});
}
