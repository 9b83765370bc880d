import { readFileSync } from 'node:fs';
import type { ServerOptions } from 'node:http';
import type { Config } from '../../config/index.js';

/** Descriptors kept for the database, logs, outgoing callbacks and push (SVC_MAX_CONNECTIONS). */
const reservedDescriptors = 128;
/** An idle socket mid-answer outlives the longest long poll (30 s) and its re-read. */
const idleSocketMs = 60_000;

/**
 * Timeouts and keep-alive limits of the listening socket: a client that sends its request slowly
 * (headers, or one byte of a declared body) is answered 408 and closed once the request timeout
 * passes; Node checks every second. Long polls are not cut: they wait after the request is in.
 */
export function connectionOptions(
  config: Pick<
    Config,
    | 'requestTimeoutSeconds'
    | 'headersTimeoutSeconds'
    | 'keepAliveTimeoutSeconds'
    | 'maxRequestsPerConnection'
  >,
): {
  http: ServerOptions;
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  maxRequestsPerSocket: number;
} {
  const requestMs = config.requestTimeoutSeconds * 1000;
  return {
    // Node refuses a headers timeout above the request timeout.
    http: {
      headersTimeout: Math.min(config.headersTimeoutSeconds * 1000, requestMs),
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: requestMs,
    connectionTimeout: idleSocketMs,
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
    maxRequestsPerSocket: config.maxRequestsPerConnection,
  };
}

/** The process's open-file limit (Linux), or undefined where it cannot be read. */
function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line?.[1] === undefined ? undefined : Number(line[1]);
  } catch {
    return undefined;
  }
}

/**
 * Client connections at most: the setting, or the open-file limit less the descriptors the
 * process needs for itself, so that slow clients can never take the last descriptor.
 */
export function maxConnections(setting: number): number {
  if (setting > 0) return setting;
  const limit = openFileLimit();
  return limit === undefined ? 10_000 : Math.max(16, limit - reservedDescriptors);
}
