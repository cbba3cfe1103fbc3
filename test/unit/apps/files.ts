import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from '@jest/globals';
import { AppFileError, type LoadAppFileOptions, loadAppFile } from '../../../src/apps/index.js';

const created: string[] = [];
afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes `text` as `name` into a fresh temporary directory (removed after the file's tests); returns its path. */
export async function writeAppFile(text: string, name = 'app.yaml'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'orch-apps-'));
  created.push(dir);
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/**
 * Loads `text` as an app file that must be rejected; returns the lines of the error message with the
 * file's path taken off (`3:5: apps.web.prot: unknown key`), after checking that every line starts
 * with the path and that `problems` says the same.
 */
export async function problemsOf(text: string, options?: LoadAppFileOptions): Promise<string[]> {
  const path = await writeAppFile(text);
  const error = await loadAppFile(path, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppFileError);
  const { message, problems } = error as AppFileError;
  const lines = message.split('\n');
  expect(lines).toEqual(problems.map((p) => `${path}:${p.line}:${p.column}: ${p.message}`));
  for (const p of problems) expect(p.file).toBe(path);
  return lines.map((line) => line.slice(path.length + 1));
}
