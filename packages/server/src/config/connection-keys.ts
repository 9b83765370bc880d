import { Type } from '@sinclair/typebox';
import type { KeyDefinition } from './key-definition.js';

/** Timeouts and caps of client connections and long polls: no slow client starves the server. */
export const connectionKeys = {
  requestTimeoutSeconds: {
    env: 'SVC_REQUEST_TIMEOUT_SECONDS',
    doc: 'how long a client may take to send a whole request, headers and body (408 and the connection closed after it); long polls wait after the request is in, so this does not cut them',
    schema: Type.Integer({ minimum: 1, maximum: 300, default: 10 }),
  },
  headersTimeoutSeconds: {
    env: 'SVC_HEADERS_TIMEOUT_SECONDS',
    doc: "how long a client may take to send a request's headers (at most the request timeout)",
    schema: Type.Integer({ minimum: 1, maximum: 300, default: 5 }),
  },
  keepAliveTimeoutSeconds: {
    env: 'SVC_KEEP_ALIVE_TIMEOUT_SECONDS',
    doc: 'how long an idle keep-alive connection stays open; behind a load balancer, keep it above the balancer idle timeout',
    schema: Type.Integer({ minimum: 1, maximum: 600, default: 75 }),
  },
  maxRequestsPerConnection: {
    env: 'SVC_MAX_REQUESTS_PER_CONNECTION',
    doc: 'requests one keep-alive connection may carry before the server closes it (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 10_000 }),
  },
  maxConnections: {
    env: 'SVC_MAX_CONNECTIONS',
    doc: 'open client connections at most; beyond it new ones are closed at once (0: the open-file limit less 128 descriptors kept for the database, logs and outgoing calls)',
    schema: Type.Integer({ minimum: 0, default: 0 }),
  },
  longPollsPerAddress: {
    env: 'SVC_LONG_POLLS_PER_ADDRESS',
    doc: 'long polls (`?wait=`, svccode status) one client address may hold at once; beyond it 429 (0: no cap)',
    schema: Type.Integer({ minimum: 0, default: 100 }),
  },
  longPollsPerCustomer: {
    env: 'SVC_LONG_POLLS_PER_CUSTOMER',
    doc: "long polls one customer's credentials may hold at once; beyond it 429 (0: no cap)",
    schema: Type.Integer({ minimum: 0, default: 1000 }),
  },
} as const satisfies Record<string, KeyDefinition>;
