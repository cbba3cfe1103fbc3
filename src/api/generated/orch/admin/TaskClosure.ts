// Original file: proto/orch/admin/task.proto

import type { CompiledTask as _orch_core_CompiledTask, CompiledTask__Output as _orch_core_CompiledTask__Output } from '../../orch/core/CompiledTask.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';

export interface TaskClosure {
  'compiled_task'?: (_orch_core_CompiledTask | null);
  'created_at'?: (_google_protobuf_Timestamp | null);
  'registered_by'?: (string);
}

export interface TaskClosure__Output {
  'compiled_task': (_orch_core_CompiledTask__Output | null);
  'created_at': (_google_protobuf_Timestamp__Output | null);
  'registered_by': (string);
}
