// Original file: proto/orch/core/v1/tasks.proto

import type { KeyValuePair as _orch_core_v1_KeyValuePair, KeyValuePair__Output as _orch_core_v1_KeyValuePair__Output } from '../../../orch/core/v1/KeyValuePair.js';
import type { TaskResources as _orch_core_v1_TaskResources, TaskResources__Output as _orch_core_v1_TaskResources__Output } from '../../../orch/core/v1/TaskResources.js';

/**
 * How a task process is started: the image for cluster runtimes, and the argv the executor runs.
 * Arguments may contain `{{ inputs.<name> }}`, replaced by the input's value.
 */
export interface Container {
  /**
   * The container image the task runs in (container runtimes).
   */
  'image'?: (string);
  /**
   * The command line, split into arguments.
   */
  'command'?: (string)[];
  /**
   * Environment variables of the process.
   */
  'env'?: (_orch_core_v1_KeyValuePair)[];
  /**
   * Native URL of a tar.gz holding the task's code (uploaded through DataProxyService); the executor
   * unpacks it and runs the command inside it. Empty: the command runs in an empty directory.
   */
  'code_bundle'?: (string);
  /**
   * Limits of the task's container (container runtimes); empty: the runtime's defaults. The local
   * runtime runs tasks as host processes and does not enforce them.
   */
  'limits'?: (_orch_core_v1_TaskResources | null);
  /**
   * Whether the task's container gets a network. False: it has none (container runtimes). The
   * local runtime runs tasks on the host's network either way.
   */
  'network'?: (boolean);
}

/**
 * How a task process is started: the image for cluster runtimes, and the argv the executor runs.
 * Arguments may contain `{{ inputs.<name> }}`, replaced by the input's value.
 */
export interface Container__Output {
  /**
   * The container image the task runs in (container runtimes).
   */
  'image': (string);
  /**
   * The command line, split into arguments.
   */
  'command': (string)[];
  /**
   * Environment variables of the process.
   */
  'env': (_orch_core_v1_KeyValuePair__Output)[];
  /**
   * Native URL of a tar.gz holding the task's code (uploaded through DataProxyService); the executor
   * unpacks it and runs the command inside it. Empty: the command runs in an empty directory.
   */
  'code_bundle': (string);
  /**
   * Limits of the task's container (container runtimes); empty: the runtime's defaults. The local
   * runtime runs tasks as host processes and does not enforce them.
   */
  'limits': (_orch_core_v1_TaskResources__Output | null);
  /**
   * Whether the task's container gets a network. False: it has none (container runtimes). The
   * local runtime runs tasks on the host's network either way.
   */
  'network': (boolean);
}
