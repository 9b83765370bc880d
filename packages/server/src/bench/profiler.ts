import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();

/** A CPU profile of this process between `start` and `stop`, as `node --cpu-prof` writes it. */
export const profiler = {
  async start(): Promise<void> {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  },
  async stop(file: string): Promise<void> {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  },
};
