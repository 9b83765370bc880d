import { fstatSync } from 'node:fs';

/**
 * Calls `onGone` once the parent process has gone: this process was adopted by another (its
 * parent pid changed), or its stdin is a pipe whose writing end has closed. The kernel closes a
 * pipe once every process holding its writing end has ended, however it ended (SIGKILL included),
 * and the pipe reaches through the processes in between, which inherit it: `npm start` runs
 * `sh -c "node … serve"`, so when whoever started npm dies, npm lives on as this process's parent,
 * but the pipe it was given as stdin ends. A terminal or /dev/null on stdin is not watched: a
 * service manager's `npm start < /dev/null` keeps serving.
 */
export function watchParent(onGone: () => void): void {
  let gone = false;
  const once = () => {
    if (gone) return;
    gone = true;
    clearInterval(timer);
    onGone();
  };
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) once();
  }, 500);
  timer.unref();
  if (!stdinIsPipe()) return;
  // Whatever arrives is dropped; only the end matters. Unref'd: it keeps no ended server alive.
  process.stdin.on('data', () => {});
  process.stdin.once('end', once).once('close', once).once('error', once);
  if ('unref' in process.stdin) process.stdin.unref();
}

function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false; // no stdin at all
  }
}
