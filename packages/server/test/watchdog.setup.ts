import { beforeEach } from 'vitest';
import { startWatchdog, type Watchdog } from './watchdog.js';

// Far beyond any test's timeout (120 s): only a main thread that cannot run at all trips it.
// One per test process: without isolation, vitest runs this file again for every test file.
const shared = globalThis as { svcWatchdog?: Watchdog };
const watchdog = (shared.svcWatchdog ??= startWatchdog(300_000, true));
beforeEach(({ task }) => watchdog.running(`${task.file.name} > ${task.name}`));
