// Original file: proto/orch/admin/launch_plan.proto


export interface AuthRole {
  'assumable_iam_role'?: (string);
  'kubernetes_service_account'?: (string);
}

export interface AuthRole__Output {
  'assumable_iam_role': (string);
  'kubernetes_service_account': (string);
}
