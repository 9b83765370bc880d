import { load, type BenchResult, type LoadOptions } from './run.js';

/**
 * One autocannon load in this process, for a measurement that must not share an event loop with
 * another load (customer B's latency while customer A floods): started by `loadApart()`.
 */
process.once('message', (options: LoadOptions) => {
  void load(options).then((result: BenchResult) => process.send?.(result, () => process.exit(0)));
});
