// Scanned pass tokens at the counter, 100,000 subscriptions in the nest, 1,000 requests/s for 10 s
// on PostgreSQL (bench/counter.ts says how). Budget: p99 ≤ 20 ms (issue 12).
// BENCH_RATE, BENCH_SECONDS and BENCH_SUBSCRIPTIONS change the load and the nest's size.
import { runCounterBench } from './counter.js';

await runCounterBench({ pass: 'token', rate: 1000, budgetP99Ms: 20 });
