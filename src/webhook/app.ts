import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { LiteralValueError, literalMapFromJson } from '../api/literals.js';
import type { AdminClient } from '../client/admin-client.js';
import { AdminError, InvalidArgumentError, NotFoundError, UnavailableError } from '../client/errors.js';

/** What the webhook app needs: the admin client calls it makes, and the key callers must present. */
export interface WebhookDeps {
  client: Pick<AdminClient, 'getLaunchPlan' | 'createExecution' | 'consoleUrl'>;
  /** The value of `WEBHOOK_API_KEY`; callers send `Authorization: Bearer <key>`. Never logged. */
  apiKey: string;
  /** Receives one line per failed launch (no secrets, no request bodies). */
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** Largest accepted request body, in bytes. @default 1048576 */
  maxBodyBytes?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * True when the `Authorization` header carries exactly `Bearer <apiKey>`. Both sides are hashed
 * first, so the comparison takes the same time whatever the length or content of the guess
 * (spec, "Webhook app" authentication rule 1).
 */
export function bearerMatches(header: string | undefined, apiKey: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  const presented = match?.[1] ?? '';
  const equal = timingSafeEqual(sha256(presented), sha256(apiKey));
  return equal && presented.length > 0;
}

function problem(res: Response, status: number, error: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ error, ...extra });
}

/**
 * The webhook app of the spec: `POST /run-workflow/{project}/{domain}/{workflow_name}/{version}` with
 * `Authorization: Bearer <WEBHOOK_API_KEY>` and a JSON object of workflow inputs launches that launch
 * plan version and answers `{"url": "<console URL of the execution>"}`.
 * Answers 401 (bad or missing key; nothing launched), 400 (body not a JSON object, inputs that do not
 * fit the launch plan, every problem listed), 404 (no such launch plan), 415 (not JSON), 503 (admin
 * unreachable), 502 (admin failed otherwise). `GET /healthcheck` answers 200.
 */
export function createApp(deps: WebhookDeps): Express {
  if (!deps.apiKey) throw new Error('createApp needs a non-empty apiKey');
  const app = express();
  app.disable('x-powered-by');
  const log = deps.log ?? (() => {});

  app.get('/healthcheck', (_req, res) => {
    res.json({ status: 'ok' });
  });

  const authenticate = (req: Request, res: Response, next: NextFunction) => {
    if (bearerMatches(req.get('authorization'), deps.apiKey)) {
      next();
      return;
    }
    res.set('WWW-Authenticate', 'Bearer');
    problem(res, 401, 'unauthorized: send Authorization: Bearer <WEBHOOK_API_KEY>');
  };

  const parseJson = express.json({
    limit: deps.maxBodyBytes ?? 1024 * 1024,
    strict: false,
    type: () => true,
  });

  app.post(
    '/run-workflow/:project/:domain/:workflow_name/:version',
    authenticate,
    (req: Request, res: Response, next: NextFunction) => {
      const length = Number(req.get('content-length') ?? 0);
      const chunked = req.get('transfer-encoding') !== undefined;
      if ((length > 0 || chunked) && !req.is('application/json')) {
        problem(res, 415, 'request body must be JSON (Content-Type: application/json)');
        return;
      }
      parseJson(req, res, next);
    },
    async (req: Request, res: Response) => {
      const { project, domain, workflow_name: name, version } = req.params as Record<string, string>;
      const body: unknown = req.body ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        problem(res, 400, 'request body must be a JSON object of workflow inputs');
        return;
      }
      const id = { resource_type: 'LAUNCH_PLAN' as const, project, domain, name, version };
      try {
        const launchPlan = await deps.client.getLaunchPlan(id);
        const parameters = launchPlan.closure?.expected_inputs?.parameters ?? {};
        const variables = Object.fromEntries(Object.entries(parameters).map(([k, p]) => [k, p.var ?? {}]));
        const required = new Set(
          Object.entries(parameters)
            .filter(([, p]) => p.required)
            .map(([k]) => k),
        );
        let inputs: ReturnType<typeof literalMapFromJson>;
        try {
          inputs = literalMapFromJson(body as Record<string, unknown>, { variables }, required);
        } catch (error) {
          if (error instanceof LiteralValueError) {
            problem(res, 400, `inputs do not fit launch plan ${name}: ${error.message}`, {
              problems: error.problems,
            });
            return;
          }
          throw error;
        }
        const execution = await deps.client.createExecution({
          project,
          domain,
          spec: { launch_plan: id },
          inputs,
        });
        res.json({ url: await deps.client.consoleUrl(execution) });
      } catch (error) {
        if (error instanceof NotFoundError) {
          problem(res, 404, `launch plan ${project}/${domain}/${name} version ${version} does not exist`);
        } else if (error instanceof InvalidArgumentError) {
          problem(res, 400, error.message);
        } else if (error instanceof UnavailableError) {
          log('admin service unreachable', { rpc: error.rpc });
          problem(res, 503, 'the admin service is unreachable; try again later');
        } else {
          log('launch failed', {
            error: error instanceof AdminError ? `${error.rpc}: ${error.message}` : String(error),
          });
          problem(res, 502, 'the launch failed in the admin service');
        }
      }
    },
  );

  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const failure = error as { type?: string } | null;
    if (failure?.type === 'entity.parse.failed') problem(res, 400, 'request body is not valid JSON');
    else if (failure?.type === 'entity.too.large') problem(res, 413, 'request body is too large');
    else next(error);
  });
  app.use((_req: Request, res: Response) => {
    problem(res, 404, 'not found: POST /run-workflow/{project}/{domain}/{workflow_name}/{version}');
  });
  return app;
}
