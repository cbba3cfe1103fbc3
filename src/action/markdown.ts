import * as core from '@actions/core';
import { errorMessage } from '../api/guards.js';

/**
 * Appends Markdown to the job summary (`GITHUB_STEP_SUMMARY`). Outside a runner (no summary file) it
 * says so in the debug log instead of failing the step.
 */
export async function writeJobSummary(markdown: string): Promise<void> {
  try {
    await core.summary.addRaw(markdown).write();
  } catch (error) {
    core.summary.emptyBuffer();
    core.debug(`no job summary written: ${errorMessage(error)}`);
  }
}
