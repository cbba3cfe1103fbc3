import { fileURLToPath } from 'node:url';
import type { GrpcObject } from '@grpc/grpc-js';
import { loadPackageDefinition } from '@grpc/grpc-js';
import { fromJSON, type Options, type PackageDefinition } from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import type { ProtoGrpcType as AdminProto } from './generated/admin.js';
import type { ProtoGrpcType as AuthMetadataProto } from './generated/auth_metadata.js';

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

/** The service files that make up the API; their imports bring in the rest. */
const SERVICE_FILES = ['orch/service/admin.proto', 'orch/service/auth_metadata.proto'];

/** Absolute path of the package's `proto/` folder (works from `src/` and from the built `lib/`). */
export const PROTO_DIR = fileURLToPath(new URL('../../proto/', import.meta.url));

/** Every service and message of the API, typed from the generated definitions. */
export type OrchGrpcObject = AdminProto & AuthMetadataProto;

/** The loaded API: protobufjs reflection (for the JSON mapping), the package definition, the gRPC object. */
export interface LoadedApi {
  root: protobuf.Root;
  packageDefinition: PackageDefinition;
  grpc: OrchGrpcObject;
}

let loaded: LoadedApi | undefined;

/**
 * Loads `proto/` once per process and returns it. Parses the files a single time and derives the
 * gRPC package definition from that parse.
 * @throws Error when a `.proto` file is missing or malformed (a packaging fault).
 */
export function loadApi(): LoadedApi {
  if (loaded) return loaded;
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (target.startsWith('google/') ? target : PROTO_DIR + target);
  root.loadSync(SERVICE_FILES, { keepCase: true });
  root.resolveAll();
  const packageDefinition = fromJSON(root.toJSON({ keepComments: false }), LOADER_OPTIONS);
  const grpc = loadPackageDefinition(packageDefinition) as GrpcObject as unknown as OrchGrpcObject;
  loaded = { root, packageDefinition, grpc };
  return loaded;
}

/**
 * The reflection type of a fully qualified message name, e.g. `orch.admin.Execution`.
 * @throws Error when no such message exists.
 */
export function messageType(fullName: string): protobuf.Type {
  return loadApi().root.lookupType(fullName);
}
