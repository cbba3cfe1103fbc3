// Original file: proto/orch/admin/app.proto

import type { Long } from '@grpc/proto-loader';

export interface AppStatus {
  'state'?: (string);
  'message'?: (string);
  'endpoint'?: (string);
  'revision'?: (number);
  'updated_at_ms'?: (number | string | Long);
}

export interface AppStatus__Output {
  'state': (string);
  'message': (string);
  'endpoint': (string);
  'revision': (number);
  'updated_at_ms': (string);
}
