import { pacedLoad, type PacedOptions } from './paced-load.js';

/** What `apart()` asks this process to run. */
export interface ApartRequest {
  paced: PacedOptions;
}

/**
 * One paced load in this process, for a latency that must not share an event loop or a heap with
 * another load (customer B's while customer A floods).
 */
process.once('message', (request: ApartRequest) => {
  void pacedLoad(request.paced).then((result) => process.send?.(result, () => process.exit(0)));
});
