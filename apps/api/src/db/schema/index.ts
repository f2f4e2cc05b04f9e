export * from './auth.js';
export * from './jobs.js';
export * from './users.js';
