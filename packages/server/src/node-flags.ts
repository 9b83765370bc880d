/**
 * The Node.js flags `svc serve` runs under: V8's memory reducer off, as its compacting collections
 * every 100 s under load queue requests (docs/decisions/http.md). Node.js takes these only on its
 * command line, so the bin's shebang and `npm start` pass them; `node-flags.test.ts` keeps both
 * in step with this list.
 */
export const serverNodeFlags: readonly string[] = ['--no-memory-reducer'];

/** The flags of `serverNodeFlags` that this process was not started with. */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return serverNodeFlags.filter((flag) => !execArgv.includes(flag));
}
