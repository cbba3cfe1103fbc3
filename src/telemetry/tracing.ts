import { appendFile } from 'node:fs/promises';
import {
  type Attributes,
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api';
import { type ExportResult, ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpGrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as OtlpHttpExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { ORCH_VERSION } from '../api/version.js';
import type { Logger } from './log.js';

/** What `--otel.*` says (spec, "General" flags). */
export interface TraceSettings {
  /** `noop` (default), `file`, `jaeger`, `otlpgrpc` or `otlphttp`. */
  type: string;
  file: { filename: string };
  jaeger: { endpoint: string };
  otlpgrpc: { endpoint: string };
  otlphttp: { endpoint: string };
  /** `always`: sample every trace a caller did not decide about; `never`: none. A caller's decision wins. */
  sampler: { parentSampler: string };
}

/** Thrown by {@link startTracing} for an `--otel.*` value it cannot use; the message names the flag. */
export class TraceSettingsError extends Error {}

/** The process's tracing, started by an edge: {@link Tracing.shutdown} exports what is left. */
export interface Tracing {
  /** False for `noop`: no span is recorded and nothing is exported. */
  readonly enabled: boolean;
  /** Exports the spans not yet exported and unregisters the provider. Never rejects. */
  shutdown(): Promise<void>;
}

/**
 * Writes spans as JSON lines to a file: each line is one OTLP/JSON `ExportTraceServiceRequest` (the
 * format of the OpenTelemetry Collector's `file` exporter, which its `otlpjsonfile` receiver reads back).
 */
export class JsonLinesFileExporter implements SpanExporter {
  private pending = new Set<Promise<void>>();

  /** @param filename appended to (created when missing). */
  constructor(private readonly filename: string) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    const body = JsonTraceSerializer.serializeRequest(spans);
    if (!body) {
      done({ code: ExportResultCode.FAILED, error: new Error('spans could not be serialised') });
      return;
    }
    const write = appendFile(this.filename, Buffer.concat([body, Buffer.from('\n')])).then(
      () => done({ code: ExportResultCode.SUCCESS }),
      (error: unknown) =>
        done({
          code: ExportResultCode.FAILED,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.pending);
  }

  shutdown(): Promise<void> {
    return this.forceFlush();
  }
}

function sampler(name: string): Sampler {
  if (name === 'always') return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  if (name === 'never') return new ParentBasedSampler({ root: new AlwaysOffSampler() });
  throw new TraceSettingsError(`--otel.sampler.parentSampler: expected always or never, got "${name}"`);
}

function endpointUrl(value: string, flag: string): string {
  try {
    return new URL(value).toString();
  } catch {
    throw new TraceSettingsError(`${flag}: "${value}" is not a URL such as http://localhost:4318/v1/traces`);
  }
}

/**
 * The exporter of `--otel.type`. `jaeger` sends OTLP over HTTP to `--otel.jaeger.endpoint`: Jaeger
 * ingests OTLP natively (its Thrift exporter package is deprecated), so the endpoint must be Jaeger's
 * OTLP receiver (`http://<jaeger>:4318/v1/traces`).
 */
function exporterOf(settings: TraceSettings, logger: Logger): SpanExporter | undefined {
  switch (settings.type) {
    case 'noop':
      return undefined;
    case 'file':
      if (!settings.file.filename)
        throw new TraceSettingsError('--otel.file.filename: empty; name the trace file');
      return new JsonLinesFileExporter(settings.file.filename);
    case 'otlphttp':
      return new OtlpHttpExporter({
        url: endpointUrl(settings.otlphttp.endpoint, '--otel.otlphttp.endpoint'),
      });
    case 'otlpgrpc':
      return new OtlpGrpcExporter({
        url: endpointUrl(settings.otlpgrpc.endpoint, '--otel.otlpgrpc.endpoint'),
      });
    case 'jaeger': {
      const url = endpointUrl(settings.jaeger.endpoint, '--otel.jaeger.endpoint');
      if (new URL(url).pathname.endsWith('/api/traces')) {
        logger.warn(
          "--otel.jaeger.endpoint names Jaeger's Thrift collector; orch sends OTLP, which Jaeger receives at http://<jaeger>:4318/v1/traces",
          { endpoint: url },
        );
      }
      return new OtlpHttpExporter({ url });
    }
    default:
      throw new TraceSettingsError(
        `--otel.type: expected noop, file, jaeger, otlpgrpc or otlphttp, got "${settings.type}"`,
      );
  }
}

/**
 * Starts the process's tracing from `--otel.*` (the edge calls it once, before serving): for any type
 * but `noop`, registers a tracer provider (resource `service.name` = `serviceName`), W3C trace-context
 * propagation and an AsyncLocalStorage context manager as the process's globals, so the spans the
 * libraries start through `@opentelemetry/api` are recorded and exported in batches. `noop` registers
 * nothing: the API's spans are then non-recording and cost next to nothing.
 * @throws TraceSettingsError naming the flag for an unknown type, sampler or a malformed endpoint.
 */
export function startTracing(settings: TraceSettings, serviceName: string, logger: Logger): Tracing {
  const root = sampler(settings.sampler.parentSampler);
  const exporter = exporterOf(settings, logger);
  if (!exporter) return { enabled: false, shutdown: async () => {} };
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: serviceName,
      [ATTR_SERVICE_VERSION]: ORCH_VERSION,
    }),
    sampler: root,
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return {
    enabled: true,
    async shutdown() {
      try {
        await provider.shutdown();
      } catch (error) {
        logger.warn('exporting the last spans failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** Name of the tracer (instrumentation scope) of orch's own spans. */
export const TRACER_NAME = 'orch';

/**
 * Runs `fn` inside a new span that is the active span for everything `fn` starts (its awaits
 * included): the span ends when `fn` settles; a throw records the exception and sets status ERROR
 * (and is rethrown). With no provider registered (`noop`) the span is non-recording.
 * @param options.parent the parent context, e.g. one extracted from incoming metadata; default the
 *   active one (`ROOT_CONTEXT` starts a new trace). `links` relate it to spans of other traces.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context; links?: Link[] },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const tracer = trace.getTracer(TRACER_NAME, ORCH_VERSION);
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links },
    options.parent ?? context.active(),
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

/** Records `error` on `span` and marks it failed (message only: never request data). */
export function failSpan(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
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
  propagation.inject(context.active(), metadata, metadataSetter);
}

/** The trace context a caller sent in gRPC metadata (W3C Trace Context), or none. */
export function extractTraceContext(metadata: MetadataLike): Context {
  return propagation.extract(ROOT_CONTEXT, metadata, metadataGetter);
}

/** The trace context a caller sent in HTTP headers (`traceparent`, `tracestate`), or none. */
export function extractHttpTraceContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

export { context as traceContext, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace };
