import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type MethodDefinition, makeGenericClientConstructor, type ServiceDefinition } from '@grpc/grpc-js';
import type { Options, PackageDefinition } from '@grpc/proto-loader';
import protobuf from 'protobufjs/light.js';
import type { ProtoGrpcType as AdminProto } from './generated/admin.js';
import type { ProtoGrpcType as ApiKeyProto } from './generated/api_key.js';
import type { ProtoGrpcType as AppProto } from './generated/app.js';
import type { ProtoGrpcType as AuthMetadataProto } from './generated/auth_metadata.js';
import type { ProtoGrpcType as DataProxyProto } from './generated/data_proxy.js';
import { API_DESCRIPTOR } from './generated/descriptor.js';
import type { ProtoGrpcType as IdentityProto } from './generated/identity.js';
import type { ProtoGrpcType as SecretProto } from './generated/secret.js';
import { childRecord, errorMessage } from './guards.js';
import { MAX_MESSAGE_DEPTH } from './limits.js';

/**
 * How messages are shaped in JavaScript, for gRPC and the HTTP gateway alike: snake_case field
 * names, 64-bit integers as decimal strings, enums as their names, every field present (unset
 * messages as `null`), and a virtual property naming the set member of each oneof.
 * The generated types in `generated/` are produced with the same options (`npm run gen:proto`).
 */
export const LOADER_OPTIONS: Options = Object.freeze({
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
});

/** Absolute path of the package's `proto/` folder (works from `src/` and from the built `lib/`). */
export const PROTO_DIR = fileURLToPath(new URL('../../proto/', import.meta.url));

/** Every service and message of the API, typed from the generated definitions. */
export type OrchGrpcObject = AdminProto &
  ApiKeyProto &
  AppProto &
  AuthMetadataProto &
  DataProxyProto &
  IdentityProto &
  SecretProto;

/**
 * Dotted paths of the messages in a generated tree: a node with the proto-loader message format is
 * a message; services (client constructors) and enums are left out.
 */
type MessagePaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends { format: 'Protocol Buffer 3 DescriptorProto' }
    ? `${Prefix}${K}`
    : T[K] extends (abstract new (...args: never[]) => unknown) | { format: string }
      ? never
      : MessagePaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The node of a generated tree at a dotted path. */
type AtPath<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? AtPath<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/** The fully qualified name of a message of the API, e.g. `orch.admin.v1.TaskSpec`. */
export type MessageName = MessagePaths<OrchGrpcObject>;

/**
 * The generated receiver form of a message (`<Name>__Output`): every field present, as
 * {@link LOADER_OPTIONS} shapes it.
 */
export type MessageOut<N extends MessageName> =
  AtPath<OrchGrpcObject, N> extends {
    deserialize: (bytes: Buffer) => infer Out;
  }
    ? Out
    : never;

/** The generated sender form of a message (`<Name>`): every field optional. */
export type MessageIn<N extends MessageName> =
  AtPath<OrchGrpcObject, N> extends {
    serialize: (value: infer In) => Buffer;
  }
    ? In
    : never;

/** The loaded API: protobufjs reflection (for the JSON mapping), the gRPC object, the package definition. */
export interface LoadedApi {
  root: protobuf.Root;
  grpc: OrchGrpcObject;
  /** The `@grpc/proto-loader` package definition (for server reflection); built on first use. */
  readonly packageDefinition: PackageDefinition;
}

let loaded: LoadedApi | undefined;

/**
 * Marks a request the server could not decode (see {@link undecodableReason}): grpc-js answers a
 * throwing deserializer with INTERNAL, which blames the server for the caller's bytes.
 */
const UNDECODABLE = Symbol('undecodable');

/**
 * Why a request message given to a server handler could not be decoded (its bytes are malformed, or
 * it nests messages deeper than {@link MAX_MESSAGE_DEPTH}), or undefined for a decoded one. The gRPC
 * server answers such a call INVALID_ARGUMENT with this reason.
 */
export function undecodableReason(request: unknown): string | undefined {
  if (request === null || typeof request !== 'object' || !(UNDECODABLE in request)) return undefined;
  const reason = request[UNDECODABLE];
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * A method's request or response type, resolved by `root.resolveAll()`.
 * @throws Error when the type was not resolved (the descriptor names a type it does not hold).
 */
function resolvedType(method: protobuf.Method, type: protobuf.Type | null, side: string): protobuf.Type {
  if (!type) throw new Error(`the ${side} type of ${method.fullName} is not resolved`);
  return type;
}

/** A gRPC service definition whose (de)serializers use protobufjs with {@link LOADER_OPTIONS}. */
function serviceDefinition(service: protobuf.Service): ServiceDefinition {
  const serviceName = service.fullName.replace(/^\./, '');
  const definition: Record<string, MethodDefinition<object, object>> = {};
  for (const method of service.methodsArray) {
    const request = resolvedType(method, method.resolvedRequestType, 'request');
    const response = resolvedType(method, method.resolvedResponseType, 'response');
    const serialize = (type: protobuf.Type) => (value: object) =>
      Buffer.from(type.encode(type.fromObject(value)).finish());
    const deserialize = (type: protobuf.Type) => (bytes: Buffer) =>
      type.toObject(type.decode(bytes), LOADER_OPTIONS);
    const deserializeRequest = (type: protobuf.Type) => (bytes: Buffer) => {
      try {
        return deserialize(type)(bytes);
      } catch (error) {
        const reason = error instanceof RangeError ? 'nests too deeply' : errorMessage(error);
        return { [UNDECODABLE]: `the request is not a valid ${type.name}: ${reason}` };
      }
    };
    definition[method.name] = {
      path: `/${serviceName}/${method.name}`,
      requestStream: Boolean(method.requestStream),
      responseStream: Boolean(method.responseStream),
      requestSerialize: serialize(request),
      requestDeserialize: deserializeRequest(request),
      responseSerialize: serialize(response),
      responseDeserialize: deserialize(response),
      originalName: method.name.charAt(0).toLowerCase() + method.name.slice(1),
    };
  }
  return definition;
}

/**
 * Loads the API once per process and returns it: from the descriptor generated out of `proto/`
 * (`npm run gen:proto`), with gRPC service definitions made directly from it. Parsing the `.proto`
 * files and building proto-loader's descriptors took a sixth of a CLI command's start-up; the
 * package definition is still built, on first use, for server reflection.
 */
export function loadApi(): LoadedApi {
  if (loaded) return loaded;
  // Deep enough for a literal nested MAX_NESTING_DEPTH levels; deeper messages are refused unread.
  protobuf.util.recursionLimit = MAX_MESSAGE_DEPTH;
  protobuf.Reader.recursionLimit = MAX_MESSAGE_DEPTH;
  const root = protobuf.Root.fromJSON(API_DESCRIPTOR as protobuf.INamespace);
  root.resolveAll();
  const grpc: Record<string, unknown> = {};
  const namespace = root.lookup('orch.service.v1');
  if (!(namespace instanceof protobuf.Namespace))
    throw new Error('the API descriptor has no orch.service.v1');
  const services = namespace.nestedArray.filter((n): n is protobuf.Service => n instanceof protobuf.Service);
  for (const service of services) {
    const path = service.fullName.replace(/^\./, '').split('.');
    let node = grpc;
    for (const part of path.slice(0, -1)) node = childRecord(node, part);
    node[service.name] = makeGenericClientConstructor(serviceDefinition(service), service.name);
  }
  let packageDefinition: PackageDefinition | undefined;
  loaded = {
    root,
    grpc: asOrchGrpcObject(grpc),
    get packageDefinition() {
      // require() is untyped: the declared type names the module it loads.
      const protoLoader: typeof import('@grpc/proto-loader') = createRequire(import.meta.url)(
        '@grpc/proto-loader',
      );
      packageDefinition ??= protoLoader.fromJSON(API_DESCRIPTOR, LOADER_OPTIONS);
      return packageDefinition;
    },
  };
  return loaded;
}

/**
 * The service constructors built from the descriptor, as the generated {@link OrchGrpcObject} types
 * them: the one place the reflected object meets the generated types (only its services are present,
 * under `orch.service.v1`, which is all the clients and the server read).
 */
function asOrchGrpcObject(grpc: Record<string, unknown>): OrchGrpcObject {
  const untyped: unknown = grpc;
  return untyped as OrchGrpcObject;
}

/** Types already looked up, by full name: the server converts a few messages on every call. */
const typesByName = new Map<string, protobuf.Type>();

/**
 * The reflection type of a fully qualified message name, e.g. `orch.admin.v1.Execution` (looked up once,
 * then kept: a lookup walks the namespaces, about 6 µs of each CreateExecution).
 * @throws Error when no such message exists.
 */
export function messageType(fullName: string): protobuf.Type {
  let type = typesByName.get(fullName);
  if (!type) {
    type = loadApi().root.lookupType(fullName);
    typesByName.set(fullName, type);
  }
  return type;
}
