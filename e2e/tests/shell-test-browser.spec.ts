import { readFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { chromiumArgs, chromiumPath, playwrightDisabledFeatures } from '../playwright.config';

// The browser the tests drive (ADR 221): Chromium as Playwright configures it, without the pages of its
// own it would load beside every test's page.

test('Playwright’s own disabled features are all in the one list the test browser gets', async () => {
  // A Chromium launched with Playwright's defaults alone: its command line has Playwright's list.
  const server = await chromium.launchServer({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
    const playwrights = commandLine.filter((arg) => arg.startsWith('--disable-features='));
    expect(playwrights).toHaveLength(1);
    const defaults = playwrights[0]!.slice('--disable-features='.length).split(',');
    expect(playwrightDisabledFeatures).toEqual(defaults);
  } finally {
    await server.close();
  }
  // Chromium keeps the last such switch only: ours is the one, and it carries Playwright's.
  const ours = chromiumArgs.filter((arg) => arg.startsWith('--disable-features='));
  expect(ours).toHaveLength(1);
  expect(ours[0]!.slice('--disable-features='.length).split(',')).toEqual(
    expect.arrayContaining(playwrightDisabledFeatures),
  );
});

test('the test browser opens no page of its own beside a test’s page', async ({ browser, page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
    // Without the switch, each window has Chromium's address-bar popups (chrome://omnibox-popup…).
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
    expect(
      targetInfos.filter((target) => target.type === 'page').map((t) => new URL(t.url).pathname),
    ).toEqual(['/admin/login']);
  } finally {
    await session.detach();
  }
});
