import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The impacts a console page must not have a violation of. */
const SERIOUS = new Set(['moderate', 'serious', 'critical']);
/** The rule sets run: WCAG 2.0 to 2.2, A and AA (target size and contrast among them), and axe's best practices. */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

let source: Promise<string> | undefined;

/**
 * Runs axe-core (the devDependency's own source) on the page as loaded and answers its violations of
 * impact moderate or above, each as "<rule> (<impact>): <help> at <elements and what to fix>".
 * The console's CSP refuses inline script (page.addScriptTag({content}) is blocked), so the source
 * is evaluated through the browser's own evaluation, which the CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(await source);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(RULE_TAGS)} } }).then((r) => r.violations)`,
  )) as Violation[];
  return violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`)
          .join('; ')}`,
    );
}
