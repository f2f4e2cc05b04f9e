// @vitest-environment jsdom
import { COLOR_MODE_COOKIE } from '@nest/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '../cookies';
import { resetColorModeStore } from './color-mode';
import { useColorMode, useColorModeSync } from './use-color-mode';

function Probe() {
  useColorModeSync();
  const { preference, forced, resolved, setPreference } = useColorMode();
  return (
    <div>
      <output data-testid="state">{`${preference}/${forced ?? '-'}/${resolved}`}</output>
      <button type="button" onClick={() => setPreference('dark')}>
        dark
      </button>
    </div>
  );
}

function renderAt(handle: unknown) {
  const router = createMemoryRouter([{ path: '/', Component: Probe, handle }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

function clearCookie() {
  writeCookie(COLOR_MODE_COOKIE, '', 0);
}

beforeEach(() => {
  clearCookie();
  resetColorModeStore();
  document.documentElement.className = '';
  // jsdom has no matchMedia: the system asks for light.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('colour mode', () => {
  it('follows the system by default', () => {
    renderAt(undefined);
    expect(screen.getByTestId('state').textContent).toBe('system/-/light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('reads the cookie, and an explicit choice puts `dark` on <html> and in the cookie', () => {
    writeCookie(COLOR_MODE_COOKIE, 'light', 1);
    renderAt(undefined);
    expect(screen.getByTestId('state').textContent).toBe('light/-/light');
    act(() => screen.getByRole('button', { name: 'dark' }).click());
    expect(screen.getByTestId('state').textContent).toBe('dark/-/dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.cookie).toContain(`${COLOR_MODE_COOKIE}=dark`);
  });

  it('lets a route force a mode through its handle, whatever the preference', () => {
    writeCookie(COLOR_MODE_COOKIE, 'light', 1);
    renderAt({ colorMode: 'dark' });
    expect(screen.getByTestId('state').textContent).toBe('light/dark/dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it("refuses a route forcing 'system' with a console warning, and keeps the visitor's preference", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    writeCookie(COLOR_MODE_COOKIE, 'dark', 1);
    renderAt({ colorMode: 'system' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("cannot force the colour mode 'system'"));
    expect(screen.getByTestId('state').textContent).toBe('dark/-/dark');
  });
});
