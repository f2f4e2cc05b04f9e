import { expect, it } from 'vitest';
import { createQueryClient } from './query-client';

it('leaves retries to the API client, so a failed GET is tried twice in all, not four times', () => {
  const defaults = createQueryClient().getDefaultOptions();
  expect(defaults.queries?.retry).toBe(false);
  expect(defaults.mutations?.retry).toBe(false);
});
