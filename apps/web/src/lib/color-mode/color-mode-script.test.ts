import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COLOR_MODE_COOKIE } from '@nest/contracts';
import { expect, it } from 'vitest';

it('the early colour-mode script reads the same cookie as the app', () => {
  const script = readFileSync(path.resolve(__dirname, '../../../public/color-mode.js'), 'utf8');
  expect(script).toContain(`${COLOR_MODE_COOKIE}=(system|light|dark)`);
});
