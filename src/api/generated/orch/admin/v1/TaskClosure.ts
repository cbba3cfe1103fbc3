// Original file: proto/orch/admin/v1/task.proto

import type { CompiledTask as _orch_core_v1_CompiledTask, CompiledTask__Output as _orch_core_v1_CompiledTask__Output } from '../../../orch/core/v1/CompiledTask.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';

/**
 * What the server made of a registered task.
 */
export interface TaskClosure {
  /**
   * The task as stored.
   */
  'compiled_task'?: (_orch_core_v1_CompiledTask | null);
  /**
   * When the version was registered.
   */
  'created_at'?: (_google_protobuf_Timestamp | null);
  /**
   * Who registered this version: the authenticated principal of the CreateTask call (an API key's
   * client id, a person, or a trust policy's `github:<repository>@<ref>`); empty when anonymous.
   */
  'registered_by'?: (string);
}

/**
 * What the server made of a registered task.
 */
export interface TaskClosure__Output {
  /**
   * The task as stored.
   */
  'compiled_task': (_orch_core_v1_CompiledTask__Output | null);
  /**
   * When the version was registered.
   */
  'created_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * Who registered this version: the authenticated principal of the CreateTask call (an API key's
   * client id, a person, or a trust policy's `github:<repository>@<ref>`); empty when anonymous.
   */
  'registered_by': (string);
}
