// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, problemFromStatus } from '@/lib/api-error';
import { PageNotFoundError, toFatalError } from '@/lib/fatal-error';
import { setupTestI18n } from '@/test/i18n';
import { FatalError } from './fatal-error';

function renderError(props: Parameters<typeof FatalError>[0]) {
  const router = createMemoryRouter([{ path: '/', element: <FatalError {...props} /> }]);
  render(<RouterProvider router={router} />);
}

beforeAll(() => setupTestI18n('en-US'));
afterEach(cleanup);

describe('the fatal error page', () => {
  it("shows 'Page Not Found' for a 404, with the path when it has one", () => {
    renderError({ status: 404, path: '/nowhere/at-all' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText('There is nothing at /nowhere/at-all.')).toBeTruthy();
    expect(document.querySelector('[data-fatal-error]')?.getAttribute('data-fatal-error')).toBe('not-found');
  });

  it("shows 'Internal Server Error' with status 500 when nothing else is known", () => {
    renderError({});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Internal Server Error');
    expect(screen.getByText('Error 500')).toBeTruthy();
    expect(document.querySelector('[data-fatal-error]')?.getAttribute('data-fatal-error')).toBe('generic');
  });

  it('shows a supplied message instead of the default', () => {
    renderError({ status: 503, message: 'Down for maintenance' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Down for maintenance');
    expect(screen.getByText('Error 503')).toBeTruthy();
  });

  it('speaks French', async () => {
    await setupTestI18n('fr-FR');
    renderError({ status: 404 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page introuvable');
    cleanup();
    renderError({});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Erreur interne du serveur');
    await setupTestI18n('en-US');
  });
});

describe('what a thrown error becomes', () => {
  it('a page-not-found error keeps its path', () => {
    expect(toFatalError(new PageNotFoundError('/x/y'))).toEqual({ status: 404, path: '/x/y' });
  });

  it('an API failure keeps its status and its human message', () => {
    const error = new ApiError(
      { ...problemFromStatus(502, 'Bad Gateway'), detail: 'Try again' },
      { method: 'GET', url: '/x' },
    );
    expect(toFatalError(error)).toEqual({ status: 502, message: 'Try again' });
  });

  it('a programming error is a 500 with the default message', () => {
    expect(toFatalError(new TypeError('x is undefined'))).toEqual({ status: 500 });
  });
});
