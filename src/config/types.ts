import type { FlagName, RegistryFlag } from './registry.js';

type HasValueDefault<F> = F extends { placeholder: true }
  ? false
  : F extends { default: string }
    ? true
    : false;

/** The value type of one flag in the config object. */
type ValueOf<F extends RegistryFlag> = F['type'] extends 'bool'
  ? boolean
  : F['type'] extends 'strings' | 'stringArray'
    ? readonly string[]
    : F['type'] extends 'stringToString'
      ? Readonly<Record<string, string>>
      : F['type'] extends 'int' | 'int32'
        ? HasValueDefault<F> extends true
          ? number
          : number | undefined
        : HasValueDefault<F> extends true
          ? string
          : string | undefined;

/** `a.b.c` with value V as `{ readonly a: { readonly b: { readonly c: V } } }`. */
type Nest<Name extends string, V> = Name extends `${infer Head}.${infer Rest}`
  ? { readonly [K in Head]: Nest<Rest, V> }
  : { readonly [K in Name]: V };

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

type FlagTree = UnionToIntersection<
  RegistryFlag extends infer F ? (F extends RegistryFlag ? Nest<F['name'], ValueOf<F>> : never) : never
>;

/**
 * The effective configuration: one property path per registry flag (`config.admin.endpoint`), typed
 * from the registry (bool → boolean, int → number, strings → string[], stringToString → record; a flag
 * without a default may be undefined), frozen. Built at the edge by `loadConfig` and passed inward.
 */
export type Config = FlagTree & {
  /** Path of the config file that was loaded, if any. */
  readonly configFile?: string;
};

/** A flag's value by dotted name, for code that iterates the registry. */
export type FlagValue =
  | boolean
  | number
  | string
  | readonly string[]
  | Readonly<Record<string, string>>
  | undefined;

export type { FlagName };
