import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { symbols, type Bindings, type ChildLoggerOptions, type Logger } from 'pino';

/**
 * One log line per answered request (Fastify's own request logging, two lines per request, is
 * off): method, URL, status and milliseconds, with the request id. At level `debug` a line also
 * says when a request arrives (the hook costs nothing at `info`).
 *
 * The line is the one `request.log.info({ method, url, status, ms }, 'request completed')` writes
 * (access-log.test.ts compares the two), put together here from the logger's own time, bindings
 * and output: pino's general path and the request's child logger cost a small request about a
 * tenth of its CPU (docs/performance.md, change 32).
 */
export function registerAccessLog(app: FastifyInstance): void {
  if (app.log.level === 'debug' || app.log.level === 'trace')
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ method: request.method, url: request.url }, 'request received');
      done();
    });
  // The parts of pino's own lines; Fastify's stand-in for `logger: false` has none.
  const parts = app.log as unknown as Record<symbol, unknown>;
  const output = parts[symbols.streamSym] as { write(line: string): void } | undefined;
  if (!output) return;
  const time = parts[symbols.timeSym] as () => string;
  const bindings = parts[symbols.chindingsSym] as string;
  const log = app.log as Logger;
  const start = `{"level":${log.levels.values.info}`;
  app.addHook('onResponse', (request, reply, done) => {
    if (log.isLevelEnabled('info'))
      output.write(
        `${start}${time()}${bindings},"reqId":${JSON.stringify(request.id)}` +
          `,"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)}` +
          `,"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime * 100) / 100}` +
          `,"msg":"request completed"}\n`,
      );
    done();
  });
}

/**
 * Fastify's `childLoggerFactory`: a request's logger that makes its pino child (the request id
 * bound) only when the request logs something. Most requests log nothing but their access line,
 * which `registerAccessLog` writes with the id itself, and so never pay for a child.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(logger, bindings, options);
}

class LazyChild implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]) {
    Reflect.apply(this.log[level], this.log, args);
  }
}
