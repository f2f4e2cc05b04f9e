import { fuzzOperations } from './fuzz.js';

// Half of the API's operations (fuzz.ts); fuzz-2.test.ts takes the other half.
await fuzzOperations(0, 2);
