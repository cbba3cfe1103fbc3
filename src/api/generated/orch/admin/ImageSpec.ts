// Original file: proto/orch/admin/app.proto


export interface ImageSpec {
  'name'?: (string);
  'packages'?: (string)[];
  'registry'?: (string);
  'base_image'?: (string);
  'tag'?: (string);
}

export interface ImageSpec__Output {
  'name': (string);
  'packages': (string)[];
  'registry': (string);
  'base_image': (string);
  'tag': (string);
}
