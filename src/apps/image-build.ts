import { stripVTControlCharacters } from 'node:util';
import { createGzip } from 'node:zlib';
import type Docker from 'dockerode';
import { pack } from 'tar-fs';

/** What {@link buildImage} builds. */
export interface ImageBuildOptions {
  /** The folder of the build context. */
  context: string;
  /** The paths under `context` sent to the engine (files or folders, relative); nothing else goes. */
  files: string[];
  /** The reference the image is tagged with (`orch:0.1.0`, `localhost:5000/team/app:<tag>`). */
  tag: string;
  /** The Dockerfile's path in the context. @default 'Dockerfile' */
  dockerfile?: string;
  /** The network of the build's containers (`host` to reach services on the host's loopback). @default the engine's */
  networkMode?: string;
  /** Build every step anew, without the engine's cache. @default false */
  noCache?: boolean;
  /** Values of the Dockerfile's `ARG`s. */
  buildArgs?: Record<string, string>;
  /** Receives each line of the build's log as it comes (`Step 3/9 : RUN npm ci`, the commands' output). */
  onLine?: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * A build that failed: the step that failed, and that step's log (its last 40 lines), both also in
 * the message (`Step 2/4 : RUN npm install ... failed: <why>`, then the log lines, indented).
 */
export class ImageBuildError extends Error {
  constructor(
    /** `Step 5/12 : RUN npm ci ...`, or empty when it failed before its first step. */
    readonly step: string,
    /** The failing step's output lines. */
    readonly log: string[],
    why: string,
  ) {
    super(
      `${step ? `${step} failed` : 'the image build failed'}: ${why}${log.length ? `\n${log.map((line) => `  ${line}`).join('\n')}` : ''}`,
    );
    this.name = 'ImageBuildError';
  }
}

const STEP = /^Step \d+\/\d+ : /;
const LOG_LINES = 40;

/**
 * Builds an image through the engine's build API (POST /build), streaming its log line by line to
 * `onLine`, and tags it `tag`. The context is a tar of `files` only.
 * @returns the image's ID (`sha256:...`).
 * @throws ImageBuildError when a step fails (with that step and its log); the engine's errors
 *   (unreachable, refused) as they come.
 */
export async function buildImage(engine: Docker, options: ImageBuildOptions): Promise<string> {
  const context = pack(options.context, { entries: options.files }).pipe(createGzip());
  const stream = await engine.buildImage(context, {
    t: options.tag,
    dockerfile: options.dockerfile ?? 'Dockerfile',
    buildargs: options.buildArgs ?? {},
    rm: true,
    forcerm: true,
    ...(options.networkMode ? { networkmode: options.networkMode } : {}),
    ...(options.noCache ? { nocache: true } : {}),
    ...(options.signal ? { abortSignal: options.signal } : {}),
  });
  let step = '';
  let stepLog: string[] = [];
  let partial = '';
  let id = '';
  let failure = '';
  const take = (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    for (const raw of parts) {
      const line = stripVTControlCharacters(raw).replace(/\r/g, '').trimEnd();
      if (!line) continue;
      if (STEP.test(line)) {
        step = line;
        stepLog = [];
      } else if (!/^( ---> |Removing intermediate container )/.test(line)) {
        stepLog.push(line);
        if (stepLog.length > LOG_LINES) stepLog.shift();
      }
      options.onLine?.(line);
    }
  };
  await new Promise<void>((resolve, reject) => {
    engine.modem.followProgress(
      stream,
      (error: Error | null) => (error ? reject(error) : resolve()),
      (event: {
        stream?: string;
        error?: string;
        errorDetail?: { message?: string };
        aux?: { ID?: string };
      }) => {
        if (event.stream) take(event.stream);
        if (event.aux?.ID) id = event.aux.ID;
        if (event.error) failure = event.errorDetail?.message ?? event.error;
      },
    );
  }).catch((error: Error) => {
    failure ||= error.message;
  });
  if (partial) take('\n');
  if (failure || !id) {
    const why = failure || 'the engine reported no image';
    throw new ImageBuildError(step, stepLog, why);
  }
  return id;
}
