// Original file: proto/orch/admin/v1/app.proto


/**
 * An app's container image (the app file's `container_image`).
 */
export interface ImageSpec {
  /**
   * The image's name.
   */
  'name'?: (string);
  /**
   * Packages with version constraints, e.g. `orch>=0.1.0`.
   */
  'packages'?: (string)[];
  /**
   * The registry the image is pushed to and pulled from.
   */
  'registry'?: (string);
  /**
   * The image it is built on.
   */
  'base_image'?: (string);
  /**
   * The tag computed from the spec (the client computes it; the local runtime needs no image).
   */
  'tag'?: (string);
}

/**
 * An app's container image (the app file's `container_image`).
 */
export interface ImageSpec__Output {
  /**
   * The image's name.
   */
  'name': (string);
  /**
   * Packages with version constraints, e.g. `orch>=0.1.0`.
   */
  'packages': (string)[];
  /**
   * The registry the image is pushed to and pulled from.
   */
  'registry': (string);
  /**
   * The image it is built on.
   */
  'base_image': (string);
  /**
   * The tag computed from the spec (the client computes it; the local runtime needs no image).
   */
  'tag': (string);
}
