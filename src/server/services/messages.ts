import { canonicalJson, digestOf } from '../../api/canonical.js';
import {
  LOADER_OPTIONS,
  type MessageIn,
  type MessageName,
  type MessageOut,
  messageType,
} from '../../api/proto.js';

/**
 * The minimal, canonical form of a message object: unset and default fields dropped, oneof
 * helper properties dropped, so that the same message sent over gRPC or as JSON gives the same
 * text and the same digest.
 * @param typeName fully qualified message name, e.g. `orch.admin.v1.TaskSpec`.
 */
export function minimalMessage<N extends MessageName>(typeName: N, message: unknown): MessageIn<N> {
  const type = messageType(typeName);
  // The type is the reflection of `typeName`, so its object is that message's sender form.
  return type.toObject(type.fromObject(messageObject(message)), {
    ...LOADER_OPTIONS,
    defaults: false,
    oneofs: false,
  }) as MessageIn<N>;
}

/**
 * The full form handlers return (every field present, as {@link LOADER_OPTIONS} gives), typed as the
 * generated `<Name>__Output` of `typeName`.
 */
export function fullMessage<N extends MessageName>(typeName: N, message: unknown): MessageOut<N> {
  const type = messageType(typeName);
  // The type is the reflection of `typeName`, so its object is that message's receiver form.
  return type.toObject(type.fromObject(messageObject(message)), LOADER_OPTIONS) as MessageOut<N>;
}

/** A message object for protobufjs's `fromObject`: anything but an object (unset, null) is an empty message. */
function messageObject(message: unknown): object {
  return typeof message === 'object' && message !== null ? message : {};
}

/** Canonical JSON text and SHA-256 hex digest of a message. */
export function canonicalMessage(typeName: MessageName, message: unknown): { text: string; digest: string } {
  const minimal = minimalMessage(typeName, message);
  return { text: canonicalJson(minimal), digest: digestOf(minimal) };
}

/**
 * The field paths at which two JSON values differ, e.g. `template.interface.inputs.variables.x.type`.
 * @param limit at most this many paths are returned.
 */
export function differingPaths(a: unknown, b: unknown, limit = 10, path = ''): string[] {
  const out: string[] = [];
  const visit = (x: unknown, y: unknown, at: string) => {
    if (out.length >= limit) return;
    if (x && y && typeof x === 'object' && typeof y === 'object' && Array.isArray(x) === Array.isArray(y)) {
      const xs = new Map<string, unknown>(Object.entries(x));
      const ys = new Map<string, unknown>(Object.entries(y));
      const keys = new Set([...xs.keys(), ...ys.keys()]);
      for (const key of [...keys].sort()) {
        const child = Array.isArray(x) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
        visit(xs.get(key), ys.get(key), child);
      }
      return;
    }
    if (canonicalJson(x ?? null) !== canonicalJson(y ?? null)) out.push(at || '(root)');
  };
  visit(a, b, path);
  return out;
}
