import * as core from '@actions/core';
import type { AdminClient } from '../client/admin-client.js';
import { apiKeyOf, describeSecretScope } from '../client/auth/api-key.js';
import { AlreadyExistsError } from '../client/errors.js';
import type { CreateApiKeySettings, CreateSecretSettings, DeployAppSettings } from './inputs.js';

/** The API's role of each `key-role`. */
const ROLES = {
  admin: 'ADMIN',
  contributor: 'CONTRIBUTOR',
  viewer: 'VIEWER',
} as const satisfies Record<CreateApiKeySettings['keyRole'], string>;

/**
 * `command: create-secret`: creates the secret, or replaces its value when it exists (a re-run job
 * converges instead of failing). The value was masked when the inputs were read and is never printed.
 * With `dry-run`, only says what it would do.
 * @throws AdminError (PermissionError when the key may not manage secrets).
 */
export async function createSecretCommand(
  client: AdminClient,
  settings: CreateSecretSettings,
): Promise<void> {
  const where = describeSecretScope(settings.scope);
  if (settings.dryRun) {
    core.info(`Would create or update secret ${settings.secretName} (${where})`);
    return;
  }
  const request = {
    id: { name: settings.secretName, org: '', ...settings.scope },
    secret_spec: { string_value: settings.secretValue.reveal(), type: 'GENERIC' as const },
  };
  try {
    await client.createSecret(request);
    core.info(`Created secret with name: ${settings.secretName} (${where})`);
  } catch (error) {
    if (!(error instanceof AlreadyExistsError)) throw error;
    await client.updateSecret(request);
    core.info(`Updated secret with name: ${settings.secretName} (${where})`);
  }
}

/**
 * `command: create-api-key`: creates an API key with the `key-role` role and sets the `api-key`
 * output (masked first: the key and the client secret in it) and `client-id`. The key records the
 * `endpoint` and `insecure` inputs, so it alone reaches this admin. With `dry-run`, only says what it would do.
 * @throws AdminError (AlreadyExistsError when a key of that name exists).
 */
export async function createApiKeyCommand(
  client: AdminClient,
  settings: CreateApiKeySettings,
): Promise<void> {
  if (settings.dryRun) {
    core.info(`Would create API key ${settings.keyName} with role ${settings.keyRole}`);
    return;
  }
  const created = await client.createApiKey({
    name: settings.keyName,
    role: ROLES[settings.keyRole],
    org: '',
  });
  core.setSecret(created.client_secret);
  const key = apiKeyOf(created, settings);
  core.setSecret(key);
  core.setOutput('api-key', key);
  core.setOutput('client-id', created.key?.client_id ?? '');
  core.info(
    `Created API key ${created.key?.name} (client id ${created.key?.client_id}, role ${settings.keyRole}); ` +
      'it is in the api-key output, masked, and is shown only once: store it as a secret now.',
  );
}

/**
 * `command: deploy-app`: deploys app `app-name` of `app-file` (see `deployAppFile`): each status as a
 * log line, then the `app-endpoint` output. With `dry-run`, checks the file and the app only.
 * @throws Error when the deployment ends Failed (its reason and the app's last log lines); AppFileError.
 */
export async function deployAppCommand(
  client: AdminClient,
  settings: DeployAppSettings,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const { deployAppFile, loadAppFile } = await import('../apps/index.js');
  if (settings.dryRun) {
    (await loadAppFile(settings.appFile, { env })).app(settings.appName);
    core.info(`Would deploy app ${settings.appName} of ${settings.appFile}`);
    return;
  }
  const scope = { project: settings.project, domain: settings.domain, org: '' };
  core.startGroup(`Deploying app ${settings.appName} of ${settings.appFile}`);
  const last = await deployAppFile(client, settings.appFile, settings.appName, {
    env,
    scope,
    timeoutSeconds: 600,
    onLine: (line) => core.info(line),
    onWarning: (message) => core.warning(message),
    shipFiles: async (dir, files) => {
      const [{ packBundle }, { uploadBundle }] = await Promise.all([
        import('../registration/bundle.js'),
        import('../registration/register-files.js'),
      ]);
      return uploadBundle(client, scope, await packBundle(dir, { files }), fetch);
    },
  }).finally(() => core.endGroup());
  if (last.state !== 'Started') throw new Error(`app ${settings.appName} did not start: ${last.message}`);
  core.setOutput('app-endpoint', last.endpoint);
  core.info(`App ${settings.appName} is ready at ${last.endpoint}`);
}
