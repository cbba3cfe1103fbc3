import { existsSync } from 'node:fs';
import * as core from '@actions/core';
import { parseDuration } from '../api/duration.js';
import { parseExactJson } from '../api/exact-json.js';
import { errorMessage, isOneOf, isRecord } from '../api/guards.js';
import { parseApiKey } from '../client/auth/api-key.js';
import { InvalidEndpointError, parseEndpoint } from '../client/endpoint.js';
import { ActionInputError, type InputProblem } from './errors.js';
import { maskableParts, SecretValue } from './secret.js';

/** The commands of the Action (`command` input). */
export const COMMANDS = ['register', 'run', 'create-secret', 'create-api-key', 'deploy-app'] as const;
/** One of {@link COMMANDS}. */
export type Command = (typeof COMMANDS)[number];

/** The project and domain used when the `project` / `domain` inputs are empty (as `orch register`). */
import { DEFAULT_TARGET } from '../registration/defaults.js';

/** How long `run` waits for a terminal phase when `wait-timeout` is empty: 10 minutes, in seconds. */
export const DEFAULT_WAIT_SECONDS = 600;

/** Settings every command shares. */
export interface CommonSettings {
  /** The admin's gRPC endpoint (`endpoint`): `host:port`, `dns:///host:port` or `http(s)://host:port`. */
  endpoint: string;
  /** Plaintext gRPC instead of TLS (`insecure`). @default false */
  insecure: boolean;
  /**
   * An API key (`api-key`, `orch_ak_...`): its client credentials get the tokens (the `ApiKey` flow).
   * Masked in the log as soon as it is read, and so is the client secret inside it.
   */
  apiKey: SecretValue | undefined;
  /** `project` input. @default "default" */
  project: string;
  /** `domain` input. @default "development" */
  domain: string;
  /** Validate only: nothing is uploaded, registered or launched (`dry-run`). @default false */
  dryRun: boolean;
  /** Token for GitHub's REST API (`github-token`, by default the workflow's `github.token`); masked. */
  githubToken: SecretValue | undefined;
  /**
   * `audience` of the runner's OIDC ID token for keyless sign-in; when absent, the origin of the
   * admin's token endpoint (e.g. `https://orch.example.com`).
   */
  audience: string | undefined;
  /**
   * True when the runner can issue OIDC ID tokens: both `ACTIONS_ID_TOKEN_REQUEST_URL` and
   * `ACTIONS_ID_TOKEN_REQUEST_TOKEN` are set, which GitHub does for jobs with `permissions:
   * id-token: write`.
   */
  idTokenAvailable: boolean;
}

/** `command: register`. */
export interface RegisterSettings extends CommonSettings {
  command: 'register';
  /** Paths or globs of workflow files, from `files` split on newlines and commas. Never empty. */
  files: readonly string[];
  /** `version`: the version of the entities, instead of the computed one. */
  version: string | undefined;
}

/** `command: run`. */
export interface RunSettings extends CommonSettings {
  command: 'run';
  /** Launch plan name (`launch-plan`), e.g. `wf.add_one_wf`. */
  launchPlan: string;
  /** `version` of the launch plan; when absent the active version, else the newest one. */
  version: string | undefined;
  /**
   * `inputs` parsed from a JSON object (integers beyond ±2^53 as exact bigints); checked against the
   * launch plan's interface later.
   */
  inputs: Readonly<Record<string, unknown>>;
  /** Wait for a terminal phase and fail unless SUCCEEDED (`wait`). @default false */
  wait: boolean;
  /** Longest wait in seconds (`wait-timeout`, a duration such as `10m`). @default 600 */
  waitTimeoutSeconds: number;
  /** Create or update the pull request comment (`comment`). @default true */
  comment: boolean;
}

/** `command: create-secret`. */
export interface CreateSecretSettings extends CommonSettings {
  command: 'create-secret';
  /** `secret-name`. */
  secretName: string;
  /** `secret-value`; masked in the log before anything else is read. */
  secretValue: SecretValue;
  /**
   * The secret's scope, from the `project` and `domain` inputs as given (not their defaults): both
   * empty → every project and domain; a domain → that domain; both → that project and domain.
   */
  scope: { project: string; domain: string };
}

/** The roles an API key may get (`key-role`). */
export const KEY_ROLES = ['admin', 'contributor', 'viewer'] as const;

/** `command: create-api-key`. */
export interface CreateApiKeySettings extends CommonSettings {
  command: 'create-api-key';
  /** `key-name`: the name of the API key to create. */
  keyName: string;
  /** `key-role`: `admin` (default), `contributor` or `viewer`. */
  keyRole: (typeof KEY_ROLES)[number];
}

/** `command: deploy-app`. */
export interface DeployAppSettings extends CommonSettings {
  command: 'deploy-app';
  /** `app-file`: path of the app file; it exists. */
  appFile: string;
  /** `app-name`: the app of that file to deploy. */
  appName: string;
}

/** Everything the Action was asked to do, read once from its inputs; frozen. */
export type ActionSettings = Readonly<
  RegisterSettings | RunSettings | CreateSecretSettings | CreateApiKeySettings | DeployAppSettings
>;

/** Names: a letter first, then letters, digits, `_`, `-` or `.` (secrets, keys, apps). */
const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,62}$/;
const TRUE = new Set(['true', 'True', 'TRUE']);
const FALSE = new Set(['false', 'False', 'FALSE']);

/** Reads an input, trimmed (`core.getInput`). */
const input = (name: string): string => core.getInput(name);

/**
 * Reads a secret input and masks it at once (`core.setSecret`, each line of it too).
 * @returns undefined when the input is empty.
 */
function secretInput(name: string): SecretValue | undefined {
  const value = core.getInput(name, { trimWhitespace: false });
  if (!value.trim()) return undefined;
  for (const part of maskableParts(value)) core.setSecret(part);
  return new SecretValue(value);
}

/** What is wrong with the `endpoint` input, or undefined when it is a valid address. */
function endpointProblem(endpoint: string): string | undefined {
  if (!endpoint) return "required: the admin's gRPC address, e.g. orch.example.com:443";
  if (/\s/.test(endpoint)) return `"${endpoint}" contains white space`;
  try {
    parseEndpoint(endpoint);
    return undefined;
  } catch (error) {
    if (!(error instanceof InvalidEndpointError)) throw error;
    return error.message;
  }
}

/**
 * Reads every input of the Action (see action.yml) into one frozen {@link ActionSettings}. Secret
 * inputs (`api-key`, `secret-value`, `github-token`) are read and masked first, before anything
 * could print them. Booleans accept only `true` / `false` (also `True`, `TRUE`, `False`, `FALSE`, as
 * `core.getBooleanInput`); anything else is an error, never a silent `false`.
 * This is the only module that calls `core.getInput` (DESIGN.md, "Configuration is read at the edge").
 * @param env the runner's variables, for `ACTIONS_ID_TOKEN_REQUEST_*` (inputs are read by the toolkit
 *   from `process.env`). @default process.env
 * @throws ActionInputError listing every invalid input at once; messages never quote a secret.
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): ActionSettings {
  // Secrets first: masked before any other input is looked at or any message is printed.
  const secretValue = secretInput('secret-value');
  const apiKey = secretInput('api-key');
  const githubToken = secretInput('github-token');

  const problems: InputProblem[] = [];
  const problem = (name: string, message: string) => problems.push({ input: name, message });
  if (apiKey) {
    try {
      // The decoded client secret could be printed in another form than the key: mask it too.
      core.setSecret(parseApiKey(apiKey.reveal()).clientSecret);
    } catch (error) {
      problem('api-key', errorMessage(error));
    }
  }
  const bool = (name: string, fallback: boolean): boolean => {
    const text = input(name);
    if (!text) return fallback;
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    problem(name, `"${text}" is not a boolean; use true or false`);
    return fallback;
  };
  const required = (name: string, command: string): string => {
    const text = input(name);
    if (!text) problem(name, `required by command "${command}"`);
    return text;
  };
  const named = (name: string, command: string): string => {
    const text = required(name, command);
    if (text && !NAME.test(text)) {
      problem(
        name,
        `"${text}" is not a valid name (a letter, then letters, digits, "_", "-" or "."; at most 63)`,
      );
    }
    return text;
  };

  const commandText = input('command');
  const command = isOneOf(COMMANDS, commandText) ? commandText : undefined;
  if (!commandText) problem('command', `required; one of ${COMMANDS.join(', ')}`);
  else if (!command) problem('command', `"${commandText}" is not one of ${COMMANDS.join(', ')}`);

  const endpoint = input('endpoint');
  const wrongEndpoint = endpointProblem(endpoint);
  if (wrongEndpoint) problem('endpoint', wrongEndpoint);

  const common: CommonSettings = {
    endpoint,
    insecure: bool('insecure', false),
    apiKey,
    project: input('project') || DEFAULT_TARGET.project,
    domain: input('domain') || DEFAULT_TARGET.domain,
    dryRun: bool('dry-run', false),
    githubToken,
    audience: input('audience') || undefined,
    idTokenAvailable: Boolean(env.ACTIONS_ID_TOKEN_REQUEST_URL && env.ACTIONS_ID_TOKEN_REQUEST_TOKEN),
  };
  for (const name of ['project', 'domain'] as const) {
    if (!/^[a-z0-9][a-z0-9_-]*$/i.test(common[name])) {
      problem(name, `"${common[name]}" is not a valid ${name} id`);
    }
  }

  let settings: ActionSettings | undefined;
  switch (command) {
    case 'register': {
      const files = input('files')
        .split(/[\n,]/)
        .map((f) => f.trim())
        .filter(Boolean);
      if (!files.length) problem('files', 'required by command "register": paths or globs of workflow files');
      settings = { ...common, command, files, version: input('version') || undefined };
      break;
    }
    case 'run': {
      const launchPlan = required('launch-plan', command);
      let inputs: Record<string, unknown> = {};
      const inputsText = input('inputs');
      if (inputsText) {
        try {
          const parsed: unknown = parseExactJson(inputsText);
          if (!isRecord(parsed)) {
            problem('inputs', 'must be a JSON object of input names to values, e.g. {"x": 2}');
          } else {
            inputs = parsed;
          }
        } catch (error) {
          problem('inputs', `not valid JSON (${errorMessage(error)})`);
        }
      }
      let waitTimeoutSeconds = DEFAULT_WAIT_SECONDS;
      const timeoutText = input('wait-timeout');
      if (timeoutText) {
        try {
          waitTimeoutSeconds = parseDuration(timeoutText);
          if (waitTimeoutSeconds <= 0) problem('wait-timeout', 'must be positive');
        } catch {
          problem('wait-timeout', `"${timeoutText}" is not a duration such as 90s, 10m or 1h`);
        }
      }
      settings = {
        ...common,
        command,
        launchPlan,
        version: input('version') || undefined,
        inputs: Object.freeze(inputs),
        wait: bool('wait', false),
        waitTimeoutSeconds,
        comment: bool('comment', true),
      };
      break;
    }
    case 'create-secret': {
      const secretName = named('secret-name', command);
      if (!secretValue) problem('secret-value', 'required by command "create-secret"');
      const scope = { project: input('project'), domain: input('domain') };
      if (scope.project && !scope.domain)
        problem('project', 'a project-scoped secret needs the domain input too');
      settings = { ...common, command, secretName, secretValue: secretValue ?? new SecretValue(''), scope };
      break;
    }
    case 'create-api-key': {
      const role = input('key-role') || 'admin';
      const keyRole = isOneOf(KEY_ROLES, role) ? role : undefined;
      if (!keyRole) problem('key-role', `"${role}" is not a role; use admin, contributor or viewer`);
      // A bad role is a problem above, so these settings are never used with the fallback.
      settings = { ...common, command, keyName: named('key-name', command), keyRole: keyRole ?? 'admin' };
      break;
    }
    case 'deploy-app': {
      const appFile = required('app-file', command);
      if (appFile && !existsSync(appFile)) problem('app-file', `${appFile} does not exist`);
      settings = { ...common, command, appFile, appName: named('app-name', command) };
      break;
    }
    default:
      break;
  }
  if (problems.length || !settings) throw new ActionInputError(problems);
  return Object.freeze(settings);
}
