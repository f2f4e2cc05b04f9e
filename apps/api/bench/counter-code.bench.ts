// Typed 8-character codes at the counter, 100,000 subscriptions in the nest, 100 requests/s for 10 s
// on PostgreSQL (bench/counter.ts says how). Budget: p99 ≤ 5 ms (issue 12, ADR 108).
// BENCH_RATE, BENCH_SECONDS and BENCH_SUBSCRIPTIONS change the load and the nest's size.
import { runCounterBench } from './counter.js';

await runCounterBench({ pass: 'code', rate: 100, budgetP99Ms: 5 });
