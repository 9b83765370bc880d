import { pacedFinishes, type FinishesRequest } from './fido-finish.js';
import { pacedLoad, type PacedOptions } from './paced-load.js';
import { roundTrips, type RoundTripRows, type TripsRequest } from './round-trip.js';
import { warmUpSeconds } from './run.js';

/** What `apart()` asks this process to run. */
export type ApartRequest =
  { paced: PacedOptions } | { trips: TripsRequest } | { finishes: FinishesRequest };

/** The round trips, after `warmUpSeconds` of the same by other users and devices, not counted. */
async function warmTrips(request: TripsRequest): Promise<RoundTripRows> {
  const { options } = request;
  const warm = { ...options, seconds: warmUpSeconds, label: `${options.label}-warm` };
  await roundTrips({ ...request, options: warm });
  return roundTrips(request);
}

/**
 * One paced load in this process, for a latency that must not share an event loop or a heap with
 * another load (customer B's while customer A floods, the rows at half the peak rate).
 */
process.once('message', (request: ApartRequest) => {
  const run =
    'paced' in request
      ? pacedLoad(request.paced)
      : 'trips' in request
        ? warmTrips(request.trips)
        : pacedFinishes(request.finishes);
  void run.then((result) => process.send?.(result, () => process.exit(0)));
});
