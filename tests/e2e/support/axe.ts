/**
 * axe-core (Deque's accessibility engine) in a page of the browser shell: WCAG 2.0/2.1/2.2 A and AA rules and axe's
 * best practices, in the light and the dark theme. Every violation counts, whatever its impact. The engine is
 * evaluated in the page through the DevTools protocol, which the page's CSP does not govern (the CSP stays on).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

export interface AxeSweep {
  violations: AxeFinding[];
  /** What axe could not decide (needs a person's review), counted for the record. */
  incomplete: AxeFinding[];
}

/** One axe run over `selector` (the whole page by default) in the page's current state. */
export async function axeSweep(page: Page, selector?: string): Promise<AxeSweep> {
  if (!(await page.evaluate<boolean>('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const context = selector === undefined ? 'document' : JSON.stringify(selector);
  return page.evaluate<AxeSweep>(`(async () => {
    const results = await window.axe.run(${context}, {
      runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} },
      resultTypes: ['violations', 'incomplete'],
    });
    const findings = (list) => list.map((rule) => ({
      rule: rule.id,
      impact: rule.impact ?? 'unknown',
      targets: rule.nodes.map((node) => node.target.join(' ')),
      summary: rule.nodes[0]?.failureSummary ?? rule.help,
    }));
    return { violations: findings(results.violations), incomplete: findings(results.incomplete) };
  })()`);
}

export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

/** Shows the page in `theme` (as the theme switch does, without moving focus). */
export async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(`document.documentElement.setAttribute('data-theme', '${theme}')`);
}

/** A violation as one readable line. */
export function describe(screen: string, theme: Theme, finding: AxeFinding): string {
  return `${screen} (${theme}): ${finding.rule} [${finding.impact}] at ${finding.targets.join(', ')} — ${finding.summary}`;
}
