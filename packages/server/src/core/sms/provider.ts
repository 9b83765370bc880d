/** One text message; `id` is the outbox item's, stable across delivery retries. */
export interface SmsMessage {
  id: string;
  to: string;
  body: string;
}

/** Sends text messages; throws to have the outbox retry later. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The little of a logger the providers use (pino and Fastify's logger fit). */
export interface InfoLogger {
  info(fields: object, message: string): void;
}
