export * from './auth.js';
export * from './customers.js';
export * from './jobs.js';
export * from './nests.js';
export * from './offers.js';
export * from './payments.js';
export * from './sandbox.js';
export * from './users.js';
