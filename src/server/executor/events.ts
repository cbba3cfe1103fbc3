import { EventEmitter } from 'node:events';
import type { ExecutionPhase } from '../../api/types.js';

/** A phase change the executor recorded: of the execution, or of one of its nodes (`nodeId`). */
export interface PhaseChange {
  /** Database id of the execution. */
  executionId: number;
  /** The execution's phase after the change. */
  phase: ExecutionPhase;
  /** Set when a node changed: its id and its new phase. */
  nodeId?: string;
  nodePhase?: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** Event name of the listeners of every execution (never an execution id, which is a number). */
const EVERY_CHANGE = '*';

/**
 * In-process notifications of recorded phase changes, so watchers (WatchExecution, the console)
 * hear of a change at once instead of at their next poll. Listeners are keyed by execution id;
 * a listener that throws is the listener's bug and is not caught here.
 */
export class ExecutionEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Any number of watchers may follow one execution.
    this.emitter.setMaxListeners(0);
  }

  /** Announces a change that is already stored. */
  publish(change: PhaseChange): void {
    this.emitter.emit(String(change.executionId), change);
    this.emitter.emit(EVERY_CHANGE, change);
  }

  /** Calls `listener` for every change of every execution; returns the function that unsubscribes. */
  subscribeAll(listener: (change: PhaseChange) => void): () => void {
    this.emitter.on(EVERY_CHANGE, listener);
    return () => this.emitter.off(EVERY_CHANGE, listener);
  }

  /** Calls `listener` for every change of one execution; returns the function that unsubscribes. */
  subscribe(executionId: number, listener: (change: PhaseChange) => void): () => void {
    const key = String(executionId);
    this.emitter.on(key, listener);
    return () => this.emitter.off(key, listener);
  }
}
