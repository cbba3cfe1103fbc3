import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
import type { Binding as _orch_core_Binding, Binding__Output as _orch_core_Binding__Output } from './orch/core/Binding.js';
import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from './orch/core/BindingData.js';
import type { BindingDataCollection as _orch_core_BindingDataCollection, BindingDataCollection__Output as _orch_core_BindingDataCollection__Output } from './orch/core/BindingDataCollection.js';
import type { BindingDataMap as _orch_core_BindingDataMap, BindingDataMap__Output as _orch_core_BindingDataMap__Output } from './orch/core/BindingDataMap.js';
import type { EnumType as _orch_core_EnumType, EnumType__Output as _orch_core_EnumType__Output } from './orch/core/EnumType.js';
import type { KeyValuePair as _orch_core_KeyValuePair, KeyValuePair__Output as _orch_core_KeyValuePair__Output } from './orch/core/KeyValuePair.js';
import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from './orch/core/Literal.js';
import type { LiteralCollection as _orch_core_LiteralCollection, LiteralCollection__Output as _orch_core_LiteralCollection__Output } from './orch/core/LiteralCollection.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from './orch/core/LiteralMap.js';
import type { LiteralType as _orch_core_LiteralType, LiteralType__Output as _orch_core_LiteralType__Output } from './orch/core/LiteralType.js';
import type { OutputReference as _orch_core_OutputReference, OutputReference__Output as _orch_core_OutputReference__Output } from './orch/core/OutputReference.js';
import type { Parameter as _orch_core_Parameter, Parameter__Output as _orch_core_Parameter__Output } from './orch/core/Parameter.js';
import type { ParameterMap as _orch_core_ParameterMap, ParameterMap__Output as _orch_core_ParameterMap__Output } from './orch/core/ParameterMap.js';
import type { Primitive as _orch_core_Primitive, Primitive__Output as _orch_core_Primitive__Output } from './orch/core/Primitive.js';
import type { Scalar as _orch_core_Scalar, Scalar__Output as _orch_core_Scalar__Output } from './orch/core/Scalar.js';
import type { TypedInterface as _orch_core_TypedInterface, TypedInterface__Output as _orch_core_TypedInterface__Output } from './orch/core/TypedInterface.js';
import type { Variable as _orch_core_Variable, Variable__Output as _orch_core_Variable__Output } from './orch/core/Variable.js';
import type { VariableMap as _orch_core_VariableMap, VariableMap__Output as _orch_core_VariableMap__Output } from './orch/core/VariableMap.js';
import type { Void as _orch_core_Void, Void__Output as _orch_core_Void__Output } from './orch/core/Void.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    protobuf: {
      Duration: MessageTypeDefinition<_google_protobuf_Duration, _google_protobuf_Duration__Output>
      Timestamp: MessageTypeDefinition<_google_protobuf_Timestamp, _google_protobuf_Timestamp__Output>
    }
  }
  orch: {
    core: {
      Binding: MessageTypeDefinition<_orch_core_Binding, _orch_core_Binding__Output>
      BindingData: MessageTypeDefinition<_orch_core_BindingData, _orch_core_BindingData__Output>
      BindingDataCollection: MessageTypeDefinition<_orch_core_BindingDataCollection, _orch_core_BindingDataCollection__Output>
      BindingDataMap: MessageTypeDefinition<_orch_core_BindingDataMap, _orch_core_BindingDataMap__Output>
      EnumType: MessageTypeDefinition<_orch_core_EnumType, _orch_core_EnumType__Output>
      KeyValuePair: MessageTypeDefinition<_orch_core_KeyValuePair, _orch_core_KeyValuePair__Output>
      Literal: MessageTypeDefinition<_orch_core_Literal, _orch_core_Literal__Output>
      LiteralCollection: MessageTypeDefinition<_orch_core_LiteralCollection, _orch_core_LiteralCollection__Output>
      LiteralMap: MessageTypeDefinition<_orch_core_LiteralMap, _orch_core_LiteralMap__Output>
      LiteralType: MessageTypeDefinition<_orch_core_LiteralType, _orch_core_LiteralType__Output>
      OutputReference: MessageTypeDefinition<_orch_core_OutputReference, _orch_core_OutputReference__Output>
      Parameter: MessageTypeDefinition<_orch_core_Parameter, _orch_core_Parameter__Output>
      ParameterMap: MessageTypeDefinition<_orch_core_ParameterMap, _orch_core_ParameterMap__Output>
      Primitive: MessageTypeDefinition<_orch_core_Primitive, _orch_core_Primitive__Output>
      Scalar: MessageTypeDefinition<_orch_core_Scalar, _orch_core_Scalar__Output>
      SimpleType: EnumTypeDefinition
      TypedInterface: MessageTypeDefinition<_orch_core_TypedInterface, _orch_core_TypedInterface__Output>
      Variable: MessageTypeDefinition<_orch_core_Variable, _orch_core_Variable__Output>
      VariableMap: MessageTypeDefinition<_orch_core_VariableMap, _orch_core_VariableMap__Output>
      Void: MessageTypeDefinition<_orch_core_Void, _orch_core_Void__Output>
    }
  }
}

