import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import {
  type FileProblem,
  formatProblems,
  parseYamlSource,
  readFailure,
  reportIssues,
} from '../api/yaml-file.js';
import { parseQuantity, QuantitySyntaxError } from '../config/quantity.js';
import { CommandLineError, splitCommandLine } from './command-line.js';

/**
 * App files (DESIGN.md, "App files"; spec, "App configuration object" and "Image spec"): what
 * `orch deploy apps <app_file> <app_name>` reads. YAML or JSON with one top-level key, `apps`, mapping
 * app names to their configuration:
 *
 * ```yaml
 * apps:
 *   webhook:
 *     container_image: { name: orch-webhook, packages: ["orch>=0.1.0"], registry: "${IMAGE_SPEC_REGISTRY}" }
 *     limits: { cpu: "1", mem: 1Gi }
 *     port: 8080
 *     include: []
 *     args: orch-webhook --port 8080
 *     secrets:
 *       - { key: WEBHOOK_API_KEY, env_var: WEBHOOK_API_KEY }
 *     requires_auth: false
 * ```
 *
 * Loading checks everything that can be seen in the file and reports every problem at once, each as
 * `<file>:<line>:<column>: <dotted.path>: <message>`. Unknown keys are errors. The loaded definitions
 * keep the file's snake_case field names (as the `orch.admin.v1.AppSpec` message does), so the deployer
 * maps them field by field.
 */

/**
 * An app's container image (spec, "Image spec"). Its tag is computed from it (`imageTag` in
 * `./image.ts`), never written in the file.
 */
export interface ImageSpec {
  /** Image name: lowercase path components (`orch-webhook`, `team/webhook`), no tag. */
  name: string;
  /**
   * Packages installed in the image, in file order, each `name>=x.y.z`, `name==x.y.z` (the spec's
   * forms) or `name~=x.y` (a name may carry extras, `fastapi[standard]`, or an npm scope, `@scope/pkg`).
   * Default: none.
   */
  packages: string[];
  /**
   * The registry the image is pushed to and looked up in, without a scheme (`ghcr.io/org`,
   * `localhost:5000`), after expanding `${VAR}` references from the caller's environment map.
   * Empty when the file gives none or when it is exactly `${VAR}` with VAR unset: the local app
   * runtime runs on the admin server's host and needs no image, so no registry is needed either.
   */
  registry: string;
  /** The image the app's image is built on (`node:20-slim`), when the file names one. */
  base_image?: string;
}

/** Resource limits of an app (spec: keys `cpu` and `mem`, both strings). */
export interface AppLimits {
  /** CPU as written (a number in the file is taken as its text): a Kubernetes CPU quantity. Default "1". */
  cpu: string;
  /** Memory as written: a Kubernetes quantity (`1Gi`, `512Mi`, `1G`). Default "1Gi". */
  mem: string;
  /** `cpu` in millicores (`"1"` is 1000, `"500m"` is 500, `"0.25"` is 250). */
  cpu_millis: number;
  /** `mem` in bytes, rounded up (`"1Gi"` is 1073741824). */
  mem_bytes: number;
}

/** A secret the app gets as an environment variable (spec: "secret bindings"). */
export interface SecretBinding {
  /** The secret's name, as created by `orch create secret --name <key>`. */
  key: string;
  /** The environment variable it is injected as. Default: the key. */
  env_var: string;
}

/**
 * One app of an app file, with every default applied (spec, "App configuration object").
 * Field names are those of the file (snake_case); `name`, `argv`, `limits.cpu_millis` and
 * `limits.mem_bytes` are derived.
 */
export interface AppDefinition {
  /** The app's name: its key under `apps`, also the deployment argument and the host label of its endpoint. */
  name: string;
  /** The runtime image. */
  container_image: ImageSpec;
  /** Resource limits. Default `{cpu: "1", mem: "1Gi"}`. */
  limits: AppLimits;
  /** The port the app listens on, 1 to 65535. Default 8080. */
  port: number;
  /**
   * How many instances serve the app, 1 to 64. Default 1. More than 1 needs the admin's `swarm`
   * runtime (a Swarm replicated service); the `local` and `docker` runtimes refuse it at deploy.
   */
  replicas: number;
  /**
   * Files shipped with the app: paths or globs relative to the app file's directory
   * ({@link AppFile.dir}), as written; none may leave that directory. Default: none.
   */
  include: string[];
  /** The command line that starts the app's web server on `port`, as written. */
  args: string;
  /** `args` split into words with shell quoting rules (see `./command-line.ts`); never empty. */
  argv: string[];
  /** Secrets injected as environment variables, in file order. Default: none. */
  secrets: SecretBinding[];
  /** When false, the endpoint is reachable without the platform's own authentication. Default true. */
  requires_auth: boolean;
  /** Further environment variables of the app, name to value. Default: none. */
  env: Record<string, string>;
}

/** An app file that {@link loadAppFile} read and found valid. */
export interface AppFile {
  /** The path as given. */
  path: string;
  /** The absolute directory of the file: what `include` paths are relative to. */
  dir: string;
  /** The names of the file's apps, in file order. */
  names: string[];
  /** The apps by name. */
  apps: Record<string, AppDefinition>;
  /**
   * The app of that name.
   * @throws UnknownAppError when the file has no such app (its message lists the names it has).
   */
  app(name: string): AppDefinition;
}

/** What the caller gives {@link loadAppFile}. */
export interface LoadAppFileOptions {
  /**
   * The environment `${VAR}` references are expanded from (the entry point passes `process.env`; a
   * library never reads it). Default: empty, so every variable is unset.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Thrown by {@link loadAppFile} when an app file cannot be read or is not valid. `problems` lists every
 * problem found, in file order; the message has one line per problem, `<file>:<line>:<column>: <message>`.
 */
export class AppFileError extends Error {
  readonly problems: readonly FileProblem[];
  constructor(problems: FileProblem[]) {
    super(formatProblems(problems));
    this.name = 'AppFileError';
    this.problems = problems;
  }
}

/** Thrown by {@link AppFile.app} for a name the file does not define; names the apps it does define. */
export class UnknownAppError extends Error {
  constructor(
    /** The path of the app file. */
    readonly file: string,
    /** The name asked for. */
    readonly app: string,
    /** The names the file defines, in file order. */
    readonly available: readonly string[],
  ) {
    super(`${file} defines no app "${app}"; its apps are: ${available.join(', ')}`);
    this.name = 'UnknownAppError';
  }
}

/** App names become the host label of the endpoint (`<app>.apps.localhost`): a DNS label (RFC 1123), lowercase. */
const APP_NAME = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Environment variable names, as in workflow files. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Secret names, as the server accepts them (src/server/secrets.ts). */
const SECRET_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** One path component of an image name (OCI distribution spec, "Pulling manifests": `<name>`). */
const NAME_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
/** A registry host: a DNS name or IPv4 address, or an IPv6 address in brackets, with an optional port. */
const REGISTRY_HOST =
  /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)(?::\d{1,5})?$/;
/** An image reference a base image may be: `node:20-slim`, `ghcr.io/org/img:tag`, `img@sha256:...`. */
const BASE_IMAGE = /^[A-Za-z0-9[][A-Za-z0-9._/:@+\][-]*$/;
/**
 * A package with its version constraint (spec: packages carry one, `name>=x.y.z` or `name==x.y.z`;
 * `name~=x.y`, a compatible release as in PEP 440, too): a name with an optional npm scope and
 * optional extras, then `>=`, `==` or `~=` and a version of dot-separated numbers with an optional
 * `-pre` or `+build` suffix (`~=` needs at least two numbers).
 */
const PACKAGE =
  /^((?:@[a-z0-9][a-z0-9._-]*\/)?[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(?:\[[A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*\])?)(>=|==|~=)(\d+(?:\.\d+)*(?:[-+][0-9A-Za-z.+-]+)?)$/;
/** The message of a package text that is not one. */
const PACKAGE_RULE =
  'is not a package with a version constraint such as name>=1.2.3, name==1.2.3 or name~=1.2';
/** A CPU quantity: cores with up to three decimals (`1`, `0.5`, `2.25`) or millicores (`500m`). */
const CPU = /^(?:(\d+(?:\.\d{1,3})?|\.\d{1,3})|(\d+)m)$/;
/** A `${VAR}` reference, or a `${` that is not one. */
const VARIABLE_REFERENCE = /\$\{([^}]*)\}|\$\{/g;

/**
 * CPU in millicores from a Kubernetes CPU quantity (`1` is 1000, `500m` is 500, `0.25` is 250).
 * @returns undefined for text that is not one.
 */
function cpuMillis(text: string): number | undefined {
  const match = CPU.exec(text.trim());
  if (!match) return undefined;
  if (match[2] !== undefined) return Number(match[2]);
  return Math.round(Number(match[1]) * 1000);
}

/** The text of a YAML number, so that `cpu: 2` or `mem: 1073741824` read as quantities. */
const quantityText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** What expanding `${VAR}` references in a field gives: the text, or why it cannot be expanded. */
type Expansion = { text: string } | { error: string };

/**
 * Expands `${VAR}` references from `env`. A `$` not followed by `{` is kept. An unset variable is an
 * error naming it, unless the whole text is that one reference and `mayBeEmpty` is set: then the result
 * is empty.
 */
function expandVariables(text: string, env: LoadAppFileOptions['env'], mayBeEmpty: boolean): Expansion {
  const unset: string[] = [];
  let bad: string | undefined;
  const expanded = text.replace(VARIABLE_REFERENCE, (whole, name: string | undefined) => {
    if (name === undefined || !VARIABLE_NAME.test(name)) {
      bad ??= name === undefined ? `"${whole}" is not closed by "}"` : `"${whole}" does not name a variable`;
      return whole;
    }
    const value = env?.[name];
    if (value === undefined) unset.push(name);
    return value ?? '';
  });
  if (bad) return { error: `${bad}: write \${NAME} with NAME made of letters, digits and _` };
  if (unset.length === 0) return { text: expanded };
  const whole = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.test(text);
  if (whole && mayBeEmpty) return { text: '' };
  const names = [...new Set(unset)];
  return {
    error: `${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} not set in the environment, and "${text}" needs ${names.length > 1 ? 'them' : 'it'}`,
  };
}

/** Why a registry (after expansion) is not one, or undefined when it is. */
function registryProblem(registry: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(registry)) {
    return `"${registry}" has a scheme: give the registry as host[:port][/path] (ghcr.io/org, localhost:5000)`;
  }
  const [host = '', ...path] = registry.split('/');
  if (!REGISTRY_HOST.test(host) || !path.every((p) => NAME_COMPONENT.test(p))) {
    return `"${registry}" is not a registry such as ghcr.io/org or localhost:5000`;
  }
  // Image tools take the first component of a reference for a host only when it looks like one.
  if (!(host.includes('.') || host.includes(':') || host === 'localhost')) {
    return (
      `"${host}" would be read as a Docker Hub namespace, not a registry host: give a host with a dot ` +
      `or a port (${host}:5000), or localhost`
    );
  }
  return undefined;
}

/** Why an include path or glob is refused, or undefined when it is fine. */
function includeProblem(pattern: string): string | undefined {
  const path = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  if (path.trim() === '') return 'is empty';
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path)) {
    return `"${pattern}" is absolute: include paths are relative to the app file's directory`;
  }
  // Split on path separators and on the separators of brace alternatives, so that `{a,../b}` is caught too.
  if (path.split(/[/\\{},]/).includes('..')) {
    return `"${pattern}" leaves the app file's directory: include paths may not use ".."`;
  }
  return undefined;
}

/** An environment variable name. */
const variableName = z
  .string()
  .regex(VARIABLE_NAME, 'must start with a letter or _ and hold only letters, digits and _');
/** One secret binding; `env_var` defaults to the key. */
const secretSchema = z.strictObject({
  key: z
    .string()
    .regex(SECRET_KEY, 'must start with a letter, digit or _ and hold only letters, digits, _ . and -'),
  env_var: variableName.optional(),
});
/** The app's own environment variables. */
const envSchema = z.record(variableName, z.string());

/** The schema of one app; `env` expands `${VAR}` references in the registry. */
function appSchema(env: LoadAppFileOptions['env']) {
  const imageName = z.string().superRefine((name, ctx) => {
    if (name.length > 255 || !name.split('/').every((p) => NAME_COMPONENT.test(p))) {
      ctx.addIssue({
        code: 'custom',
        message:
          `"${name}" is not an image name: lowercase letters, digits and . _ - between them, ` +
          'path components separated by /, no tag (orch computes it)',
      });
    }
  });
  const packages = z
    .array(
      z.string().superRefine((text, ctx) => {
        const match = PACKAGE.exec(text);
        if (!match || (match[2] === '~=' && !match[3]?.includes('.'))) {
          ctx.addIssue({ code: 'custom', message: `"${text}" ${PACKAGE_RULE}` });
        }
      }),
    )
    .superRefine((list, ctx) => {
      const seen = new Map<string, number>();
      list.forEach((text, index) => {
        const name = PACKAGE.exec(text)?.[1]?.toLowerCase();
        if (name === undefined) return;
        const first = seen.get(name);
        if (first === undefined) seen.set(name, index);
        else {
          ctx.addIssue({
            code: 'custom',
            message: `${PACKAGE.exec(text)?.[1]} is already listed (packages.${first})`,
            path: [index],
          });
        }
      });
    });
  const registry = z.string().transform((text, ctx) => {
    const expansion = expandVariables(text, env, true);
    if ('error' in expansion) {
      ctx.issues.push({ code: 'custom', message: expansion.error, input: text });
      return z.NEVER;
    }
    const problem = expansion.text === '' ? undefined : registryProblem(expansion.text);
    if (problem) {
      const expanded = expansion.text === text ? '' : ` (expanded from "${text}")`;
      ctx.issues.push({ code: 'custom', message: `${problem}${expanded}`, input: text });
      return z.NEVER;
    }
    return expansion.text;
  });
  const baseImage = z.string().superRefine((text, ctx) => {
    if (!BASE_IMAGE.test(text)) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is not an image reference such as node:20-slim` });
    }
  });
  const cpu = z.preprocess(
    quantityText,
    z.string().superRefine((text, ctx) => {
      const millis = cpuMillis(text);
      if (millis === undefined) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not a CPU quantity such as 1, 0.5 or 500m` });
      } else if (millis === 0) {
        ctx.addIssue({ code: 'custom', message: 'must be more than 0' });
      }
    }),
  );
  const mem = z.preprocess(
    quantityText,
    z.string().superRefine((text, ctx) => {
      try {
        if (parseQuantity(text) === 0) ctx.addIssue({ code: 'custom', message: 'must be more than 0' });
      } catch (error) {
        if (!(error instanceof QuantitySyntaxError)) throw error;
        ctx.addIssue({ code: 'custom', message: `"${text}" is not a memory size such as 1Gi, 512Mi or 1G` });
      }
    }),
  );
  const include = z.string().superRefine((pattern, ctx) => {
    const problem = includeProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
  const args = z.string().superRefine((line, ctx) => {
    try {
      if (splitCommandLine(line).length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'names no program: give the command line that starts the app',
        });
      }
    } catch (error) {
      if (!(error instanceof CommandLineError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
    }
  });
  const secrets = z.array(secretSchema).superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((binding, index) => {
      const variable = binding.env_var ?? binding.key;
      // A malformed key or env_var is reported by its own field.
      if (!SECRET_KEY.test(binding.key)) return;
      if (binding.env_var !== undefined && !VARIABLE_NAME.test(binding.env_var)) return;
      if (!VARIABLE_NAME.test(variable)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${variable}" cannot be an environment variable: give env_var: NAME`,
          path: [index],
        });
        return;
      }
      const first = seen.get(variable);
      if (first === undefined) seen.set(variable, index);
      else {
        ctx.addIssue({
          code: 'custom',
          message: `${variable} is already given by secrets.${first}`,
          path: [index],
        });
      }
    });
  });
  return z.strictObject({
    container_image: z.strictObject({
      name: imageName,
      packages: packages.default([]),
      registry: registry.default(''),
      base_image: baseImage.optional(),
    }),
    limits: z
      .strictObject({ cpu: cpu.default('1'), mem: mem.default('1Gi') })
      .default({ cpu: '1', mem: '1Gi' }),
    port: z
      .int('expected a whole number')
      .min(1, 'must be a port from 1 to 65535')
      .max(65535, 'must be a port from 1 to 65535')
      .default(8080),
    replicas: z
      .int('expected a whole number')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .default(1),
    include: z.array(include).default([]),
    args,
    secrets: secrets.default([]),
    requires_auth: z.boolean().default(true),
    env: envSchema.default({}),
  });
}

const fileSchema = z.strictObject({
  apps: z.record(
    z
      .string()
      .regex(
        APP_NAME,
        'must be lowercase letters, digits and -, start with a letter, not end with -, at most 63 ' +
          'characters (it becomes the host name of the endpoint)',
      ),
    z.unknown(),
  ),
});

/** What an app file that is not a mapping is told. */
const describeRoot = (found: string) => `an app file is a mapping with one key, apps, not ${found}`;

/**
 * Reads and validates an app file (DESIGN.md, "App files"; see this module's comment and
 * {@link AppDefinition} for the fields, their defaults and rules). YAML or JSON; several apps per
 * file; unknown keys are errors; `${VAR}` references in `container_image.registry` are expanded from
 * `options.env`, never from the process environment.
 * @param path the file to read; `include` paths are relative to its directory.
 * @throws AppFileError listing every problem with file, line and column (a file that cannot be read is
 *   one problem at 1:1 naming the reason).
 */
export async function loadAppFile(path: string, options: LoadAppFileOptions = {}): Promise<AppFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AppFileError([
      { file: path, line: 1, column: 1, message: `cannot read the app file: ${readFailure(error)}` },
    ]);
  }
  const { document, problems, report } = parseYamlSource(
    path,
    text,
    'an app file holds one YAML document; this starts a second one',
  );
  if (problems.length) throw new AppFileError(problems);

  const raw: unknown = document.toJS() ?? {};
  const top = fileSchema.safeParse(raw);
  if (!top.success) reportIssues(top.error.issues, [], raw, report, describeRoot);
  // The apps are checked even when the top level has problems (an unknown key, a bad app name), so
  // that every problem of the file is reported at once.
  const rawApps = isMapping(raw) && isMapping(raw.apps) ? raw.apps : undefined;
  const apps: Record<string, AppDefinition> = {};
  if (rawApps && Object.keys(rawApps).length === 0) report(['apps'], 'the file defines no apps');
  const schema = appSchema(options.env);
  for (const [name, value] of Object.entries(rawApps ?? {})) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) reportIssues(parsed.error.issues, ['apps', name], value, report, describeRoot);
    // Between fields: a secret's variable must not be one that `env` sets. Checked secret by secret
    // from these two fields alone, so that it is reported along with problems elsewhere in the app.
    const fields = isMapping(value) ? value : {};
    const env = envSchema.safeParse(fields.env ?? {});
    if (env.success && Array.isArray(fields.secrets)) {
      fields.secrets.forEach((item: unknown, index) => {
        const binding = secretSchema.safeParse(item);
        const variable = binding.success ? (binding.data.env_var ?? binding.data.key) : undefined;
        if (variable !== undefined && Object.hasOwn(env.data, variable)) {
          report(['apps', name, 'secrets', index], `${variable} is already set in env`);
        }
      });
    }
    if (parsed.success) apps[name] = definitionOf(name, parsed.data);
  }
  if (problems.length) {
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new AppFileError(problems);
  }

  const names = Object.keys(apps);
  return {
    path,
    dir: resolve(dirname(path)),
    names,
    apps,
    app(name: string): AppDefinition {
      const found = Object.hasOwn(apps, name) ? apps[name] : undefined;
      if (!found) throw new UnknownAppError(path, name, names);
      return found;
    },
  };
}

/** Whether a parsed YAML value is a mapping. */
function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The definition of a valid app: its parsed fields plus what is derived from them. */
function definitionOf(name: string, app: z.infer<ReturnType<typeof appSchema>>): AppDefinition {
  const image = app.container_image;
  return {
    name,
    container_image: {
      name: image.name,
      packages: image.packages,
      registry: image.registry,
      ...(image.base_image === undefined ? {} : { base_image: image.base_image }),
    },
    limits: {
      cpu: app.limits.cpu,
      mem: app.limits.mem,
      cpu_millis: cpuMillis(app.limits.cpu) ?? 0,
      mem_bytes: parseQuantity(app.limits.mem),
    },
    port: app.port,
    replicas: app.replicas,
    include: app.include,
    args: app.args,
    argv: splitCommandLine(app.args),
    secrets: app.secrets.map((s) => ({ key: s.key, env_var: s.env_var ?? s.key })),
    requires_auth: app.requires_auth,
    env: app.env,
  };
}
