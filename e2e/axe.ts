import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol: the site's CSP (rightly) refuses injected script tags.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The page's serious and critical axe violations, one line each (empty when clean). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluating axe costs the page about as much CPU as running it: once per document is enough
  // (a client-side navigation keeps the document, and with it axe).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    // Every rule runs; only the violations' nodes are collected (not those of passes and
    // inapplicable checks, which nothing here reads).
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Form fields whose name is wrong in a way axe lets pass: a `<label for>` that points at no field or
 * at an element that is not one (an id two elements share, a label pointing at a heading), and an id
 * used twice. One line each; empty when clean.
 */
export async function labelProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    for (const [id, n] of seen) if (n > 1) problems.push(`id "${id}" is used ${n} times`);
    for (const label of document.querySelectorAll('label[for]')) {
      const target = document.getElementById(label.getAttribute('for')!);
      const text = label.textContent?.trim();
      if (!target) problems.push(`label "${text}" points at no element`);
      else if (!target.matches('input, select, textarea, meter, output, progress'))
        problems.push(`label "${text}" points at a <${target.tagName.toLowerCase()}>`);
    }
    return problems;
  });
}
