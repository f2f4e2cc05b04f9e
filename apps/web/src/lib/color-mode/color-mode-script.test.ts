// @vitest-environment jsdom
import { COLOR_MODE_COOKIE, COLOR_MODE_SCRIPT } from '@nest/contracts';
import { afterEach, expect, it } from 'vitest';

/** The mode the early script sets for a cookie, as the page's head runs it. */
function modeFor(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up.
  document.cookie = cookie;
  new Function(COLOR_MODE_SCRIPT)();
  const root = document.documentElement;
  return { dark: root.classList.contains('dark'), scheme: root.style.colorScheme };
}

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.style.colorScheme = '';
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up.
  document.cookie = `${COLOR_MODE_COOKIE}=; max-age=0`;
});

it('the early colour-mode script reads the same cookie as the app and sets the mode before the app runs', () => {
  expect(modeFor(`${COLOR_MODE_COOKIE}=dark`)).toEqual({ dark: true, scheme: 'dark' });
  expect(modeFor(`${COLOR_MODE_COOKIE}=light`)).toEqual({ dark: false, scheme: 'light' });
});
