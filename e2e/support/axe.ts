import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is now. The script is evaluated
 * through the browser's debugging protocol, which the page's CSP does not apply to. Answers one line
 * per violation, readable in a failure.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Found = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };
    type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: Found[] }> };
    const { axe } = window as unknown as { axe: Axe };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return (violations as AxeViolation[]).map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 3).join(', ')}`,
  );
}

/**
 * Axe on the page as it is now, in light then in dark, without reloading: for a state that takes a while
 * to reach (an open dialog, a step of a form). The app (with no colour mode chosen) and the sandbox's
 * pages follow the system's scheme as it changes; the check waits for the app to apply it and for the
 * colour transitions to end, so it never reads a colour half-way. Polls on a timer, not on animation
 * frames, so it works under Playwright's fake clock too. Leaves the page in dark. Each line is prefixed
 * with where and in which scheme it was found.
 */
export async function axeViolationsInBothSchemes(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (scheme) => {
        const applied = document.documentElement.style.colorScheme;
        return (
          window.matchMedia('(prefers-color-scheme: dark)').matches === (scheme === 'dark') &&
          (applied === '' || applied === scheme) &&
          // Endless animations (a spinner, the camera's scan line) never finish: only the finite ones count.
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity)
        );
      },
      colorScheme,
      { polling: 100 },
    );
    found.push(...(await axeViolations(page)).map((line) => `${where} (${colorScheme}): ${line}`));
  }
  return found;
}
