// Original file: proto/orch/admin/launch_plan.proto


export interface RawOutputDataConfig {
  'output_location_prefix'?: (string);
}

export interface RawOutputDataConfig__Output {
  'output_location_prefix': (string);
}
