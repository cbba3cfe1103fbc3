/**
 * `npm run demo`: the main job on the embedded default, through the built binaries (see main-job.ts).
 * Exits 0 when the execution SUCCEEDED with output 3, 1 otherwise.
 */
import { runMainJob } from './main-job.js';

try {
  const result = await runMainJob((line) => console.log(line));
  console.log('');
  console.log(`Computed version: ${result.version}`);
  console.log(`Execution URL:    ${result.url}`);
  console.log(`Phase:            ${result.phase}`);
  console.log(`Output o0:        ${result.outputs.o0}`);
  console.log(`Launched by:      ${result.principal} (the API key the webhook app authenticates with)`);
  console.log('The sandbox, and the webhook app it ran, are stopped; the temporary home is removed.');
  process.exitCode =
    result.phase === 'SUCCEEDED' && result.outputs.o0 === 3 && result.principal === 'ci-key' ? 0 : 1;
} catch (error) {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
