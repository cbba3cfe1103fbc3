import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
import type { Execution as _orch_admin_Execution, Execution__Output as _orch_admin_Execution__Output } from './orch/admin/Execution.js';
import type { ExecutionClosure as _orch_admin_ExecutionClosure, ExecutionClosure__Output as _orch_admin_ExecutionClosure__Output } from './orch/admin/ExecutionClosure.js';
import type { ExecutionCreateRequest as _orch_admin_ExecutionCreateRequest, ExecutionCreateRequest__Output as _orch_admin_ExecutionCreateRequest__Output } from './orch/admin/ExecutionCreateRequest.js';
import type { ExecutionCreateResponse as _orch_admin_ExecutionCreateResponse, ExecutionCreateResponse__Output as _orch_admin_ExecutionCreateResponse__Output } from './orch/admin/ExecutionCreateResponse.js';
import type { ExecutionList as _orch_admin_ExecutionList, ExecutionList__Output as _orch_admin_ExecutionList__Output } from './orch/admin/ExecutionList.js';
import type { ExecutionMetadata as _orch_admin_ExecutionMetadata, ExecutionMetadata__Output as _orch_admin_ExecutionMetadata__Output } from './orch/admin/ExecutionMetadata.js';
import type { ExecutionSpec as _orch_admin_ExecutionSpec, ExecutionSpec__Output as _orch_admin_ExecutionSpec__Output } from './orch/admin/ExecutionSpec.js';
import type { WorkflowExecutionGetDataRequest as _orch_admin_WorkflowExecutionGetDataRequest, WorkflowExecutionGetDataRequest__Output as _orch_admin_WorkflowExecutionGetDataRequest__Output } from './orch/admin/WorkflowExecutionGetDataRequest.js';
import type { WorkflowExecutionGetDataResponse as _orch_admin_WorkflowExecutionGetDataResponse, WorkflowExecutionGetDataResponse__Output as _orch_admin_WorkflowExecutionGetDataResponse__Output } from './orch/admin/WorkflowExecutionGetDataResponse.js';
import type { WorkflowExecutionGetRequest as _orch_admin_WorkflowExecutionGetRequest, WorkflowExecutionGetRequest__Output as _orch_admin_WorkflowExecutionGetRequest__Output } from './orch/admin/WorkflowExecutionGetRequest.js';
import type { Binding as _orch_core_Binding, Binding__Output as _orch_core_Binding__Output } from './orch/core/Binding.js';
import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from './orch/core/BindingData.js';
import type { BindingDataCollection as _orch_core_BindingDataCollection, BindingDataCollection__Output as _orch_core_BindingDataCollection__Output } from './orch/core/BindingDataCollection.js';
import type { BindingDataMap as _orch_core_BindingDataMap, BindingDataMap__Output as _orch_core_BindingDataMap__Output } from './orch/core/BindingDataMap.js';
import type { ExecutionError as _orch_core_ExecutionError, ExecutionError__Output as _orch_core_ExecutionError__Output } from './orch/core/ExecutionError.js';
import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from './orch/core/Identifier.js';
import type { KeyValuePair as _orch_core_KeyValuePair, KeyValuePair__Output as _orch_core_KeyValuePair__Output } from './orch/core/KeyValuePair.js';
import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from './orch/core/Literal.js';
import type { LiteralCollection as _orch_core_LiteralCollection, LiteralCollection__Output as _orch_core_LiteralCollection__Output } from './orch/core/LiteralCollection.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from './orch/core/LiteralMap.js';
import type { NodeExecution as _orch_core_NodeExecution, NodeExecution__Output as _orch_core_NodeExecution__Output } from './orch/core/NodeExecution.js';
import type { NodeExecutionIdentifier as _orch_core_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_NodeExecutionIdentifier__Output } from './orch/core/NodeExecutionIdentifier.js';
import type { OutputReference as _orch_core_OutputReference, OutputReference__Output as _orch_core_OutputReference__Output } from './orch/core/OutputReference.js';
import type { Primitive as _orch_core_Primitive, Primitive__Output as _orch_core_Primitive__Output } from './orch/core/Primitive.js';
import type { Scalar as _orch_core_Scalar, Scalar__Output as _orch_core_Scalar__Output } from './orch/core/Scalar.js';
import type { Void as _orch_core_Void, Void__Output as _orch_core_Void__Output } from './orch/core/Void.js';
import type { WorkflowExecution as _orch_core_WorkflowExecution, WorkflowExecution__Output as _orch_core_WorkflowExecution__Output } from './orch/core/WorkflowExecution.js';
import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from './orch/core/WorkflowExecutionIdentifier.js';

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
    admin: {
      Execution: MessageTypeDefinition<_orch_admin_Execution, _orch_admin_Execution__Output>
      ExecutionClosure: MessageTypeDefinition<_orch_admin_ExecutionClosure, _orch_admin_ExecutionClosure__Output>
      ExecutionCreateRequest: MessageTypeDefinition<_orch_admin_ExecutionCreateRequest, _orch_admin_ExecutionCreateRequest__Output>
      ExecutionCreateResponse: MessageTypeDefinition<_orch_admin_ExecutionCreateResponse, _orch_admin_ExecutionCreateResponse__Output>
      ExecutionList: MessageTypeDefinition<_orch_admin_ExecutionList, _orch_admin_ExecutionList__Output>
      ExecutionMetadata: MessageTypeDefinition<_orch_admin_ExecutionMetadata, _orch_admin_ExecutionMetadata__Output>
      ExecutionSpec: MessageTypeDefinition<_orch_admin_ExecutionSpec, _orch_admin_ExecutionSpec__Output>
      WorkflowExecutionGetDataRequest: MessageTypeDefinition<_orch_admin_WorkflowExecutionGetDataRequest, _orch_admin_WorkflowExecutionGetDataRequest__Output>
      WorkflowExecutionGetDataResponse: MessageTypeDefinition<_orch_admin_WorkflowExecutionGetDataResponse, _orch_admin_WorkflowExecutionGetDataResponse__Output>
      WorkflowExecutionGetRequest: MessageTypeDefinition<_orch_admin_WorkflowExecutionGetRequest, _orch_admin_WorkflowExecutionGetRequest__Output>
    }
    core: {
      Binding: MessageTypeDefinition<_orch_core_Binding, _orch_core_Binding__Output>
      BindingData: MessageTypeDefinition<_orch_core_BindingData, _orch_core_BindingData__Output>
      BindingDataCollection: MessageTypeDefinition<_orch_core_BindingDataCollection, _orch_core_BindingDataCollection__Output>
      BindingDataMap: MessageTypeDefinition<_orch_core_BindingDataMap, _orch_core_BindingDataMap__Output>
      ExecutionError: MessageTypeDefinition<_orch_core_ExecutionError, _orch_core_ExecutionError__Output>
      Identifier: MessageTypeDefinition<_orch_core_Identifier, _orch_core_Identifier__Output>
      KeyValuePair: MessageTypeDefinition<_orch_core_KeyValuePair, _orch_core_KeyValuePair__Output>
      Literal: MessageTypeDefinition<_orch_core_Literal, _orch_core_Literal__Output>
      LiteralCollection: MessageTypeDefinition<_orch_core_LiteralCollection, _orch_core_LiteralCollection__Output>
      LiteralMap: MessageTypeDefinition<_orch_core_LiteralMap, _orch_core_LiteralMap__Output>
      NodeExecution: MessageTypeDefinition<_orch_core_NodeExecution, _orch_core_NodeExecution__Output>
      NodeExecutionIdentifier: MessageTypeDefinition<_orch_core_NodeExecutionIdentifier, _orch_core_NodeExecutionIdentifier__Output>
      OutputReference: MessageTypeDefinition<_orch_core_OutputReference, _orch_core_OutputReference__Output>
      Primitive: MessageTypeDefinition<_orch_core_Primitive, _orch_core_Primitive__Output>
      ResourceType: EnumTypeDefinition
      Scalar: MessageTypeDefinition<_orch_core_Scalar, _orch_core_Scalar__Output>
      Void: MessageTypeDefinition<_orch_core_Void, _orch_core_Void__Output>
      WorkflowExecution: MessageTypeDefinition<_orch_core_WorkflowExecution, _orch_core_WorkflowExecution__Output>
      WorkflowExecutionIdentifier: MessageTypeDefinition<_orch_core_WorkflowExecutionIdentifier, _orch_core_WorkflowExecutionIdentifier__Output>
    }
  }
}

