import { ORCH_VERSION } from '../api/version.js';

/**
 * The webhook's HTTP interface as an OpenAPI 3.1 document, served at `GET /openapi.json` and the source
 * of the webhook API page, docs/webhook.md ({@link webhookDocSection}). The `x-orch-configuration` extension
 * lists the environment variables and options of `orch-webhook`.
 */

const errorBody = { $ref: '#/components/schemas/Error' } as const;
const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: errorBody } },
});
const retryAfter = {
  'Retry-After': { description: 'seconds to wait before trying again', schema: { type: 'integer' } },
};
const requestId = {
  'X-Request-Id': { description: 'id of this request, also in the access log', schema: { type: 'string' } },
};

/** The path parameters both launch routes share, before `version`. */
const RUN_PATH_PARAMETERS = [
  { name: 'project', in: 'path', required: true, schema: { type: 'string' } },
  { name: 'domain', in: 'path', required: true, schema: { type: 'string' } },
  {
    name: 'workflow_name',
    in: 'path',
    required: true,
    description: 'name of the registered launch plan',
    schema: { type: 'string' },
  },
] as const;

/** The `Idempotency-Key` header of both launch routes. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'the same key answers the same execution; reused with another launch plan or other inputs it answers 409. ' +
    'Scoped to the project and domain; 1 to 255 printable ASCII characters.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
} as const;

/** The request body of both launch routes. */
const RUN_REQUEST_BODY = {
  required: false,
  description:
    'workflow inputs, a JSON object of input name to value; an empty body means no inputs. At most 1 MiB unless configured. ' +
    'Sent as `application/json` or a `+json` type (`application/vnd.api+json`), UTF-8. ' +
    'Integers are 64-bit and exact: every integer from -9223372036854775808 to 9223372036854775807, written as a JSON number, ' +
    'is read with all its digits (never rounded to a double), and one outside that range is a 422 naming the input and the range; ' +
    "the execution's outputs, read through the admin, carry integers as decimal strings in JSON.",
  content: {
    'application/json': {
      schema: { type: 'object', additionalProperties: true },
      example: { x: 2 },
    },
  },
} as const;

/** The answers of the versioned launch route (the unversioned one differs in 200 and 404). */
const RUN_RESPONSES = {
  '200': {
    description:
      'launched (or, with an Idempotency-Key already used for this request, the earlier launch; ' +
      'then the header `Idempotent-Replayed: true` is set)',
    headers: requestId,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Launched' } } },
  },
  '400': errorResponse('the body is not valid JSON, not a JSON object, or the Idempotency-Key is malformed'),
  '401': errorResponse('missing or wrong credentials (which of the two is not said)', {
    'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } },
  }),
  '404': errorResponse('no launch plan with this project, domain, name and version'),
  '405': errorResponse('a method other than POST'),
  '408': errorResponse(
    'the body did not arrive within the request timeout (`--request-timeout`); the connection is closed',
    { Connection: { schema: { type: 'string', const: 'close' } } },
  ),
  '409': errorResponse('the Idempotency-Key was already used with another launch plan or other inputs'),
  '413': errorResponse('the body is larger than the limit'),
  '415': errorResponse(
    'the body is not JSON: its Content-Type is neither `application/json` nor a `+json` type such as ' +
      '`application/vnd.api+json` (RFC 6839), or names a charset other than UTF-8',
  ),
  '422': {
    description: 'the inputs do not fit the launch plan; every problem is listed, nothing is launched',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/InvalidInputs' } } },
  },
  '429': errorResponse(
    'over the rate limit of this key (code `rate_limited`), or too many failed authentications from ' +
      "this client address (code `too_many_failures`; then the address's requests are refused until " +
      'Retry-After, whatever key they carry)',
    retryAfter,
  ),
  '502': errorResponse('the platform refused or failed the launch'),
  '503': errorResponse(
    'the platform is unreachable after the client retries, or the request deadline passed (the launch call ' +
      'is then cancelled; one the admin already received may still complete: retry with the same ' +
      'Idempotency-Key to get it rather than a second run)',
    retryAfter,
  ),
} as const;

/** The OpenAPI 3.1 document of the webhook (spec, "Webhook app endpoint"). */
export const WEBHOOK_OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'orch webhook',
    version: ORCH_VERSION,
    description:
      'Launches a registered launch plan version over HTTP and answers the console URL of the execution.',
  },
  paths: {
    '/run-workflow/{project}/{domain}/{workflow_name}/{version}': {
      post: {
        operationId: 'runWorkflow',
        summary: 'Launch a launch plan version with the given inputs',
        description:
          'The body is a JSON object of input name to value, checked against the launch plan interface ' +
          'before anything is launched. With an `Idempotency-Key`, every delivery of the same request ' +
          'answers the same execution, on any replica.',
        security: [{ bearer: [] }, { signature: [] }],
        parameters: [
          ...RUN_PATH_PARAMETERS,
          { name: 'version', in: 'path', required: true, schema: { type: 'string' } },
          IDEMPOTENCY_KEY_PARAMETER,
        ],
        requestBody: RUN_REQUEST_BODY,
        responses: RUN_RESPONSES,
      },
    },
    '/run-workflow/{project}/{domain}/{workflow_name}': {
      post: {
        operationId: 'runWorkflowLatest',
        summary: 'Launch the active (else the newest) version of a launch plan with the given inputs',
        description:
          'The same as the route with a version, for the version the admin names now: the active version of the ' +
          'launch plan, else its newest by creation time. The answer adds `version`, the version launched. With ' +
          'an `Idempotency-Key`, a retry after another version became active answers 409 (another launch plan version).',
        security: [{ bearer: [] }, { signature: [] }],
        parameters: [...RUN_PATH_PARAMETERS, IDEMPOTENCY_KEY_PARAMETER],
        requestBody: RUN_REQUEST_BODY,
        responses: {
          ...RUN_RESPONSES,
          '200': {
            ...RUN_RESPONSES['200'],
            content: { 'application/json': { schema: { $ref: '#/components/schemas/LaunchedVersion' } } },
          },
          '404': errorResponse('no launch plan with this project, domain and name (no version of it at all)'),
        },
      },
    },
    '/healthz': {
      get: {
        operationId: 'health',
        summary: 'Liveness: the process answers',
        security: [],
        responses: {
          '200': { description: 'alive', content: { 'application/json': { example: { status: 'ok' } } } },
        },
      },
    },
    '/healthcheck': {
      get: {
        operationId: 'healthcheck',
        summary: 'Liveness, the same as /healthz',
        security: [],
        responses: { '200': { description: 'alive' } },
      },
    },
    '/readyz': {
      get: {
        operationId: 'ready',
        summary: 'Readiness: the admin service answers (probed with GetVersion, reused for 2 s)',
        security: [],
        responses: {
          '200': { description: 'ready', content: { 'application/json': { example: { status: 'ready' } } } },
          '503': {
            description: 'the admin is unreachable, or the webhook is shutting down',
            headers: retryAfter,
          },
        },
      },
    },
    '/metrics': {
      get: {
        operationId: 'metrics',
        summary: 'Prometheus metrics: requests by route and status, launch latency',
        security: [],
        responses: { '200': { description: 'Prometheus text format', content: { 'text/plain': {} } } },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        security: [],
        responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': {} } } },
      },
    },
  },
  components: {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          '`Authorization: Bearer <key>` (the scheme in any case, RFC 7235 §2.1), one of the keys in ' +
          '`WEBHOOK_API_KEY`, compared in constant time. Failed attempts are limited per client address ' +
          '(`--auth-failure-limit`).',
      },
      signature: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Hub-Signature-256',
        description:
          'for senders that cannot set Authorization: `sha256=<hex HMAC-SHA256 of the raw body>` with a secret of ' +
          '`WEBHOOK_SIGNING_SECRET`, compared in constant time. Used only when Authorization is absent.',
      },
    },
    schemas: {
      Launched: {
        type: 'object',
        required: ['url', 'execution'],
        properties: {
          url: { type: 'string', description: 'console URL of the execution' },
          execution: {
            type: 'object',
            required: ['project', 'domain', 'name'],
            properties: { project: { type: 'string' }, domain: { type: 'string' }, name: { type: 'string' } },
          },
        },
      },
      LaunchedVersion: {
        type: 'object',
        required: ['url', 'execution', 'version'],
        properties: {
          url: { type: 'string', description: 'console URL of the execution' },
          execution: { $ref: '#/components/schemas/Launched/properties/execution' },
          version: { type: 'string', description: 'the launch plan version launched' },
        },
      },
      Error: {
        type: 'object',
        required: ['error', 'code', 'request_id'],
        properties: {
          error: {
            type: 'string',
            description: 'a generic message; never a stack trace or an internal detail',
          },
          code: { type: 'string', description: 'stable machine-readable code, e.g. `unauthorized`' },
          request_id: { type: 'string', description: 'the X-Request-Id of this request' },
        },
      },
      InvalidInputs: {
        allOf: [
          { $ref: '#/components/schemas/Error' },
          {
            type: 'object',
            required: ['problems'],
            properties: {
              problems: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['path', 'message'],
                  properties: {
                    path: { type: 'string', description: 'the input, e.g. `x` or `items[2]`' },
                    message: { type: 'string' },
                  },
                },
              },
            },
          },
        ],
      },
    },
  },
  'x-orch-configuration': {
    environment: [
      {
        name: 'WEBHOOK_API_KEY',
        required: true,
        description:
          'keys callers send as `Authorization: Bearer <key>`; several, comma-separated, while rotating (add the new key, move callers, drop the old one)',
      },
      {
        name: 'ORCH_API_KEY',
        required: true,
        description:
          'the admin API key the webhook launches with; may be left out only with `--orch.connection.insecure` and a loopback `--orch.connection.host` (a local sandbox)',
      },
      {
        name: 'WEBHOOK_SIGNING_SECRET',
        required: false,
        description: 'turns on signature mode; several secrets, comma-separated, while rotating',
      },
      {
        name: 'PORT',
        required: false,
        description: 'port to listen on when `--port` is not given (default 8080)',
      },
    ],
    options: [
      { name: '--port <port>', description: 'port to listen on (default `$PORT` or 8080)' },
      { name: '--max-body-size <quantity>', description: 'largest accepted body (default `1Mi`)' },
      {
        name: '--rate-limit <n>',
        description: 'launch requests per key per window (default 600; 0 turns the limit off)',
      },
      { name: '--rate-limit-window <duration>', description: 'window of the rate limit (default `1m0s`)' },
      {
        name: '--auth-failure-limit <n>',
        description:
          'failed authentications per client address per window before the address gets 429 (default 20; 0 turns the limit off)',
      },
      {
        name: '--auth-failure-window <duration>',
        description: 'window of the failed-authentication limit (default `1m0s`)',
      },
      {
        name: '--request-timeout <duration>',
        description:
          'deadline of a launch request, body included: 408 for a body not in by then, 503 for a launch not answered (its admin call cancelled) (default `10s`)',
      },
      {
        name: '--orch.cache.maxItemsCount <int>',
        description: 'launch plan versions and idempotent results kept in memory (default 1000)',
      },
      {
        name: '--orch.connection.*',
        description: 'the admin connection (host, TLS, retries, keepalive); see the configuration reference',
      },
    ],
  },
} as const;

/** Marker lines around the generated section of docs/webhook.md. */
export const DOC_MARKERS = {
  start: '<!-- webhook-api:start -->',
  end: '<!-- webhook-api:end -->',
} as const;

/** What the generated section reads of an operation of the document. */
type Operation = {
  readonly summary: string;
  readonly security?: readonly unknown[];
  readonly parameters?: readonly { readonly name: string; readonly description?: string }[];
  readonly requestBody?: { readonly description?: string };
  readonly responses: Readonly<
    Record<string, { readonly description: string; readonly headers?: Readonly<Record<string, unknown>> }>
  >;
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The generated section of docs/webhook.md (without the marker lines), generated from {@link WEBHOOK_OPENAPI}:
 * the endpoints, the status codes of the launch route, and the configuration.
 */
export function webhookDocSection(doc: typeof WEBHOOK_OPENAPI = WEBHOOK_OPENAPI): string {
  const lines: string[] = [];
  lines.push(
    `Generated from \`src/webhook/openapi.ts\`, which the webhook also serves at \`GET /openapi.json\` (OpenAPI ${doc.openapi}).`,
    '',
    '| method | path | authentication | what it does |',
    '|---|---|---|---|',
  );
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries<Operation>(methods)) {
      const auth = operation.security && operation.security.length === 0 ? 'none' : 'bearer key or signature';
      lines.push(`| ${method.toUpperCase()} | \`${path}\` | ${auth} | ${cell(operation.summary)} |`);
    }
  }
  const run: Operation = doc.paths['/run-workflow/{project}/{domain}/{workflow_name}/{version}'].post;
  lines.push('', 'Answers of `POST /run-workflow/...`:', '', '| status | when | headers |', '|---|---|---|');
  for (const [status, response] of Object.entries(run.responses)) {
    const headers = Object.keys(response.headers ?? {})
      .map((h) => `\`${h}\``)
      .join(', ');
    lines.push(`| ${status} | ${cell(response.description)} | ${headers} |`);
  }
  const schemes = doc.components.securitySchemes;
  const idempotency = run.parameters?.find((p) => p.name === 'Idempotency-Key');
  lines.push(
    '',
    `The body: ${run.requestBody?.description ?? ''}`,
    '',
    'Errors answer `{"error": "<generic message>", "code": "<code>", "request_id": "<id>"}` (422 adds `problems`:',
    '`[{"path", "message"}]`); no answer carries a stack trace, an internal message or a secret.',
    '',
    `- Bearer: ${schemes.bearer.description}`,
    `- Signature: ${schemes.signature.description}`,
    `- Idempotency-Key: ${idempotency?.description ?? ''} The execution is named \`wh-\` and a digest of the key, so ` +
      'retried deliveries reach the same execution on every replica.',
    '',
    '| environment variable | required | meaning |',
    '|---|---|---|',
  );
  for (const variable of doc['x-orch-configuration'].environment) {
    lines.push(
      `| \`${variable.name}\` | ${variable.required ? 'yes' : 'no'} | ${cell(variable.description)} |`,
    );
  }
  lines.push('', '| option | meaning |', '|---|---|');
  for (const option of doc['x-orch-configuration'].options) {
    lines.push(`| \`${option.name}\` | ${cell(option.description)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `doc` (the text of docs/webhook.md) with the text between the {@link DOC_MARKERS} replaced by {@link webhookDocSection}.
 * @throws Error when the markers are missing or out of order.
 */
export function replaceWebhookDocSection(doc: string): string {
  const start = doc.indexOf(DOC_MARKERS.start);
  const end = doc.indexOf(DOC_MARKERS.end);
  if (start < 0 || end < start) {
    throw new Error(`the page has no ${DOC_MARKERS.start} ... ${DOC_MARKERS.end} section`);
  }
  const head = doc.slice(0, start + DOC_MARKERS.start.length);
  return `${head}\n${webhookDocSection()}${doc.slice(end)}`;
}
