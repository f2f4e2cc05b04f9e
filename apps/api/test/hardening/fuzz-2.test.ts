import { fuzzOperations } from './fuzz.js';

// Half of the API's operations (fuzz.ts); fuzz-1.test.ts takes the other half.
await fuzzOperations(1, 2);
