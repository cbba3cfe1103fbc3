// Original file: proto/orch/core/types.proto

export const SimpleType = {
  NONE: 'NONE',
  INTEGER: 'INTEGER',
  FLOAT: 'FLOAT',
  STRING: 'STRING',
  BOOLEAN: 'BOOLEAN',
  DATETIME: 'DATETIME',
  DURATION: 'DURATION',
  STRUCT: 'STRUCT',
  BLOB: 'BLOB',
} as const;

export type SimpleType =
  | 'NONE'
  | 0
  | 'INTEGER'
  | 1
  | 'FLOAT'
  | 2
  | 'STRING'
  | 3
  | 'BOOLEAN'
  | 4
  | 'DATETIME'
  | 5
  | 'DURATION'
  | 6
  | 'STRUCT'
  | 7
  | 'BLOB'
  | 8

export type SimpleType__Output = typeof SimpleType[keyof typeof SimpleType]
