/**
 * The Node.js flags `svc serve` runs under. V8's memory reducer, made for idle browser tabs,
 * starts a memory-reducing collection when no full collection has run for 100 s, which under
 * steady load means every 100 s: it shrinks the young generation and compacts the heap, and a
 * backlog of requests builds behind it (docs/performance.md). Node.js takes this flag only on its
 * command line, not in `NODE_OPTIONS`, so the bin's shebang and `npm start` pass it; a test keeps
 * both in step with this list, and `svc serve` warns when started without it.
 */
export const serverNodeFlags = ['--no-memory-reducer'];

/** The flags of `serverNodeFlags` that this process was not started with. */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return serverNodeFlags.filter((flag) => !execArgv.includes(flag));
}
