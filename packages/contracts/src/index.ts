export * from './health.js';
export * from './locales.js';
export * from './problem.js';
