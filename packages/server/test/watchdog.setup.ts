import { beforeEach } from 'vitest';
import { startWatchdog } from './watchdog.js';

// Far beyond any test's timeout (120 s): only a main thread that cannot run at all trips it.
const watchdog = startWatchdog(300_000, true);
beforeEach(({ task }) => watchdog.running(`${task.file.name} > ${task.name}`));
