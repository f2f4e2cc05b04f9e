export * from './health.js';
export * from './locales.js';
export * from './plans.js';
export * from './problem.js';
