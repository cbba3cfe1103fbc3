// Original file: proto/orch/core/identifier.proto

import type { ResourceType as _orch_core_ResourceType, ResourceType__Output as _orch_core_ResourceType__Output } from '../../orch/core/ResourceType.js';

export interface Identifier {
  'resource_type'?: (_orch_core_ResourceType);
  'project'?: (string);
  'domain'?: (string);
  'name'?: (string);
  'version'?: (string);
  'org'?: (string);
}

export interface Identifier__Output {
  'resource_type': (_orch_core_ResourceType__Output);
  'project': (string);
  'domain': (string);
  'name': (string);
  'version': (string);
  'org': (string);
}
