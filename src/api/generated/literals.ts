import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
import type { Binding as _orch_core_Binding, Binding__Output as _orch_core_Binding__Output } from './orch/core/Binding.js';
import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from './orch/core/BindingData.js';
import type { BindingDataCollection as _orch_core_BindingDataCollection, BindingDataCollection__Output as _orch_core_BindingDataCollection__Output } from './orch/core/BindingDataCollection.js';
import type { BindingDataMap as _orch_core_BindingDataMap, BindingDataMap__Output as _orch_core_BindingDataMap__Output } from './orch/core/BindingDataMap.js';
import type { KeyValuePair as _orch_core_KeyValuePair, KeyValuePair__Output as _orch_core_KeyValuePair__Output } from './orch/core/KeyValuePair.js';
import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from './orch/core/Literal.js';
import type { LiteralCollection as _orch_core_LiteralCollection, LiteralCollection__Output as _orch_core_LiteralCollection__Output } from './orch/core/LiteralCollection.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from './orch/core/LiteralMap.js';
import type { OutputReference as _orch_core_OutputReference, OutputReference__Output as _orch_core_OutputReference__Output } from './orch/core/OutputReference.js';
import type { Primitive as _orch_core_Primitive, Primitive__Output as _orch_core_Primitive__Output } from './orch/core/Primitive.js';
import type { Scalar as _orch_core_Scalar, Scalar__Output as _orch_core_Scalar__Output } from './orch/core/Scalar.js';
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
      KeyValuePair: MessageTypeDefinition<_orch_core_KeyValuePair, _orch_core_KeyValuePair__Output>
      Literal: MessageTypeDefinition<_orch_core_Literal, _orch_core_Literal__Output>
      LiteralCollection: MessageTypeDefinition<_orch_core_LiteralCollection, _orch_core_LiteralCollection__Output>
      LiteralMap: MessageTypeDefinition<_orch_core_LiteralMap, _orch_core_LiteralMap__Output>
      OutputReference: MessageTypeDefinition<_orch_core_OutputReference, _orch_core_OutputReference__Output>
      Primitive: MessageTypeDefinition<_orch_core_Primitive, _orch_core_Primitive__Output>
      Scalar: MessageTypeDefinition<_orch_core_Scalar, _orch_core_Scalar__Output>
      Void: MessageTypeDefinition<_orch_core_Void, _orch_core_Void__Output>
    }
  }
}

