// Original file: proto/orch/core/v1/compiler.proto


/**
 * A list of node ids.
 */
export interface _orch_core_v1_ConnectionSet_IdList {
  /**
   * The node ids.
   */
  'ids'?: (string)[];
}

/**
 * A list of node ids.
 */
export interface _orch_core_v1_ConnectionSet_IdList__Output {
  /**
   * The node ids.
   */
  'ids': (string)[];
}

/**
 * The edges of a workflow's graph, by node id.
 */
export interface ConnectionSet {
  /**
   * For each node, the nodes that take its outputs.
   */
  'downstream'?: ({[key: string]: _orch_core_v1_ConnectionSet_IdList});
  /**
   * For each node, the nodes whose outputs it takes.
   */
  'upstream'?: ({[key: string]: _orch_core_v1_ConnectionSet_IdList});
}

/**
 * The edges of a workflow's graph, by node id.
 */
export interface ConnectionSet__Output {
  /**
   * For each node, the nodes that take its outputs.
   */
  'downstream': ({[key: string]: _orch_core_v1_ConnectionSet_IdList__Output});
  /**
   * For each node, the nodes whose outputs it takes.
   */
  'upstream': ({[key: string]: _orch_core_v1_ConnectionSet_IdList__Output});
}
