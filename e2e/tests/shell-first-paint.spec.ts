import { expect, test } from '../support/fixtures';

interface FirstPaint {
  title: string;
  /** The opacity the page's title is painted with: the product of its own and its ancestors'. */
  opacity: number;
  phases: string[];
}

declare global {
  interface Window {
    __firstPaint?: FirstPaint;
  }
}

/**
 * From the document's start, looks at every animation frame (what the frame will paint) until the
 * page's title exists, and records how visible it is in that first frame.
 */
function recordFirstPaint() {
  const tick = () => {
    const title = document.querySelector('h1');
    if (!title) {
      requestAnimationFrame(tick);
      return;
    }
    let opacity = 1;
    const phases: string[] = [];
    for (let node: Element | null = title; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
      const phase = node.getAttribute('data-page-transition');
      if (phase) phases.push(phase);
    }
    window.__firstPaint = { title: title.textContent ?? '', opacity, phases };
  };
  requestAnimationFrame(tick);
}

const firstPages = [
  { path: '/', title: /./ },
  { path: '/admin/login', title: 'Login' },
  { path: '/client/login', title: /./ },
];

test.describe('every page paints: the first page of a load is never hidden', () => {
  for (const { path, title } of firstPages) {
    test(`${path}: its content is visible at its first paint`, async ({ page }) => {
      await page.addInitScript(recordFirstPaint);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const first = (await page
        .waitForFunction(() => window.__firstPaint)
        .then((handle) => handle.jsonValue())) as FirstPaint;
      expect(first.phases.length, 'the page sits in the out-in transition').toBeGreaterThan(0);
      expect(first.opacity, 'painted, not at opacity 0').toBeGreaterThan(0.9);
      expect(first.phases, 'no fade-in on a first load').not.toContain('in');
    });
  }
});
