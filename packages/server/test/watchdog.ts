import { Worker } from 'node:worker_threads';

// CommonJS source of the watching thread: it runs in each test process as it is.
const source = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { beats, fired, limitMs, kill } = workerData;
let test = '(before the first test)';
let seen = Atomics.load(beats, 0);
let since = Date.now();
parentPort.on('message', (name) => (test = name));
setInterval(() => {
  const now = Atomics.load(beats, 0);
  if (now !== seen || Atomics.load(fired, 0) === 1) {
    seen = now;
    since = Date.now();
    return;
  }
  if (Date.now() - since < limitMs) return;
  Atomics.store(fired, 0, 1);
  if (!kill) return;
  writeSync(2, 'watchdog: the main thread has not run for ' + limitMs / 1000 + ' s, in "' + test + '"; killing the process\\n');
  process.kill(process.pid, 'SIGKILL');
}, 250);
`;

export interface Watchdog {
  /** Names the test now running, for the message. */
  running(test: string): void;
  /** Whether the watchdog has found the main thread stalled (set from its own thread). */
  fired(): boolean;
  stop(): Promise<number>;
}

/**
 * Watches this process's main thread from a thread of its own: when the main thread has not run
 * for `limitMs`, it marks `fired` and, with `kill`, names the running test on stderr and kills the
 * process. vitest's timeouts run on the main thread, so a test blocked in native code (Node 20's
 * key-export deadlock, docs/decisions/http.md) would otherwise hold the whole run until CI's own limit;
 * killed, its file fails at once.
 */
export function startWatchdog(limitMs: number, kill: boolean): Watchdog {
  const beats = new Int32Array(new SharedArrayBuffer(4));
  const fired = new Int32Array(new SharedArrayBuffer(4));
  const beat = setInterval(() => Atomics.add(beats, 0, 1), 100);
  beat.unref();
  const worker = new Worker(source, { eval: true, workerData: { beats, fired, limitMs, kill } });
  worker.unref();
  return {
    running: (test) => worker.postMessage(test),
    fired: () => Atomics.load(fired, 0) === 1,
    stop: () => {
      clearInterval(beat);
      return worker.terminate();
    },
  };
}
