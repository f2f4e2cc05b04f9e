import { example } from './example.js';
import { healthSchema, readinessSchema } from './health.js';

export const health = example(healthSchema, { status: 'ok' });
export const ready = example(readinessSchema, { status: 'ok', database: 'ok' });
export const notReady = example(
  readinessSchema,
  { status: 'unavailable', database: 'unavailable' },
  { status: 503 },
);
