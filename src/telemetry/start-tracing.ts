import { appendFile } from 'node:fs/promises';
import * as otelApi from '@opentelemetry/api';
import { context, propagation, trace } from '@opentelemetry/api';
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
import { errorMessage } from '../api/guards.js';
import { ORCH_VERSION } from '../api/version.js';
import type { Logger } from './log.js';
import { setTracingApi } from './tracing.js';

// The OpenTelemetry SDK and exporters: loaded only by the edges that start tracing, never by the
// libraries (which use `./tracing.js`, the API alone) nor by the CLIs' client commands.

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
  setTracingApi(otelApi);
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
          error: errorMessage(error),
        });
      }
      setTracingApi(undefined);
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
