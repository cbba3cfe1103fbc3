import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  SpanKind as ApiSpanKind,
  Attributes,
  Context,
  Link,
  Span,
  SpanContext,
  TextMapGetter,
  TextMapSetter,
} from '@opentelemetry/api';
import { errorMessage } from '../api/guards.js';
import { ORCH_VERSION } from '../api/version.js';

/** The OpenTelemetry API, as `import * as api from '@opentelemetry/api'` gives it. */
export type OtelApi = typeof import('@opentelemetry/api');

/**
 * The API once `startTracing` registered a provider; until then {@link inSpan} only runs its function.
 * It is handed over rather than imported here, so that a process that never traces (the CLIs, the
 * Action) does not load it: about 20 ms of every `orchctl` start on 2 cores (bench/cli-startup).
 */
let api: OtelApi | undefined;

/** Called by `startTracing` (with the API) and its shutdown (with nothing); nothing else should. */
export function setTracingApi(otel: OtelApi | undefined): void {
  api = otel;
}

/** Whether spans are recorded (a provider was registered by `startTracing`). */
export function isTracing(): boolean {
  return api !== undefined;
}

/** Span kinds, with the values of the API's `SpanKind` enum (each checked to be one of them). */
export const SpanKind = {
  INTERNAL: 0,
  SERVER: 1,
  CLIENT: 2,
  PRODUCER: 3,
  CONSUMER: 4,
} as const satisfies Record<string, ApiSpanKind>;
/** One of {@link SpanKind}. */
export type SpanKindValue = (typeof SpanKind)[keyof typeof SpanKind];

/** The span {@link inSpan} hands its function under `noop`: records nothing. */
const NOOP_SPAN: Span = {
  spanContext: () => ({
    traceId: '00000000000000000000000000000000',
    spanId: '0000000000000000',
    traceFlags: 0,
  }),
  setAttribute: () => NOOP_SPAN,
  setAttributes: () => NOOP_SPAN,
  addEvent: () => NOOP_SPAN,
  addLink: () => NOOP_SPAN,
  addLinks: () => NOOP_SPAN,
  setStatus: () => NOOP_SPAN,
  updateName: () => NOOP_SPAN,
  end: () => {},
  isRecording: () => false,
  recordException: () => {},
};

/** Name of the tracer (instrumentation scope) of orch's own spans. */
export const TRACER_NAME = 'orch';

/**
 * Runs `fn` inside a new span that is the active span for everything `fn` starts (its awaits
 * included): the span ends when `fn` settles; a throw records the exception and sets status ERROR
 * (and is rethrown). Under `noop` (no `startTracing` provider) `fn` runs directly with a
 * non-recording span.
 * @param options.parent the parent context, e.g. one extracted from incoming metadata; default the
 *   active one (`'root'` starts a new trace). `links` relate it to spans of other traces.
 * @param options.attributes the span's attributes, or a function that builds them, called only when
 *   spans are recorded (so that a hot path builds nothing under `noop`).
 */
export function inSpan<T>(
  name: string,
  options: {
    kind?: SpanKindValue;
    attributes?: Attributes | (() => Attributes);
    /** The parent; `'root'` starts a new trace. */
    parent?: Context | 'root';
    links?: Link[];
  },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  // noop: no span object, no context switch; the call costs what `fn` costs.
  const otel = api;
  if (!otel) return fn(NOOP_SPAN);
  const tracer = otel.trace.getTracer(TRACER_NAME, ORCH_VERSION);
  const parent = options.parent === 'root' ? otel.ROOT_CONTEXT : (options.parent ?? otel.context.active());
  return tracer.startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: typeof options.attributes === 'function' ? options.attributes() : options.attributes,
      links: options.links,
    },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** The context of the active span, if one is recording (to link a later trace to it). */
export function activeSpanContext(): SpanContext | undefined {
  return api?.trace.getSpanContext(api.context.active());
}

/** Records `error` on `span` and marks it failed (message only: never request data). */
export function failSpan(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: 2, // SpanStatusCode.ERROR
    message: errorMessage(error),
  });
}

/** A carrier of string headers: gRPC metadata (`get` gives every value of a key) or HTTP headers. */
interface MetadataLike {
  get(key: string): unknown[];
  set(key: string, value: string): void;
  getMap(): Record<string, unknown>;
}

const metadataSetter: TextMapSetter<MetadataLike> = { set: (carrier, key, value) => carrier.set(key, value) };
const metadataGetter: TextMapGetter<MetadataLike> = {
  get: (carrier, key) => {
    const values = carrier.get(key).map(String);
    return values.length ? values : undefined;
  },
  keys: (carrier) => Object.keys(carrier.getMap()),
};

/** Writes the active trace context into gRPC metadata (`traceparent`, `tracestate`; W3C Trace Context). */
export function injectTraceContext(metadata: MetadataLike): void {
  api?.propagation.inject(api.context.active(), metadata, metadataSetter);
}

/** The trace context a caller sent in gRPC metadata (W3C Trace Context), or none (also when not tracing). */
export function extractTraceContext(metadata: MetadataLike): Context | undefined {
  return api?.propagation.extract(api.ROOT_CONTEXT, metadata, metadataGetter);
}

/** The trace context a caller sent in HTTP headers (`traceparent`, `tracestate`), or none. */
export function extractHttpTraceContext(
  headers: Record<string, string | string[] | undefined>,
): Context | undefined {
  return api?.propagation.extract(api.ROOT_CONTEXT, headers);
}

/**
 * Serves one HTTP request inside a SERVER span `HTTP <method>` that continues the caller's trace (W3C
 * `traceparent`) and ends when the response closes, with `http.response.status_code` (a 5xx marks it
 * failed); `onClose` may add attributes known only then (the route). `next` runs inside the span, so
 * what it starts (admin calls) belongs to the trace. Under `noop` it only calls `next`: no span, no
 * promise, no listener on the hot path.
 */
export function serveInSpan(
  req: IncomingMessage,
  res: ServerResponse,
  attributes: Attributes,
  next: () => void,
  onClose?: (span: Span) => void,
): void {
  if (!api) {
    next();
    return;
  }
  void inSpan(
    `HTTP ${req.method}`,
    {
      kind: SpanKind.SERVER,
      parent: extractHttpTraceContext(req.headers),
      attributes: { 'http.request.method': req.method, ...attributes },
    },
    (span) =>
      new Promise<void>((resolve) => {
        res.once('close', () => {
          onClose?.(span);
          span.setAttribute('http.response.status_code', res.statusCode);
          if (res.statusCode >= 500) failSpan(span, new Error(`HTTP ${res.statusCode}`));
          resolve();
        });
        next();
      }),
  );
}
