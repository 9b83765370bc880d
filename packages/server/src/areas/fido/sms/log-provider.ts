import type { Clock } from '../../../core/clock.js';
import type { Db } from '../../../core/store/index.js';
import type { InfoLogger, SmsMessage, SmsProvider } from './provider.js';

/**
 * The default provider: keeps each message in `sms_messages` (read with `svc sms list`) and prints
 * it through the logger, link included, so local users can open it. A retried delivery of the
 * same outbox item is stored once.
 */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger: InfoLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_messages')
      .values({
        id: message.id,
        to_number: message.to,
        body: message.body,
        created_at: this.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    this.logger.info({ sms: message.id, to: message.to }, `SMS to ${message.to}: ${message.body}`);
  }
}

export interface StoredSms {
  id: string;
  to_number: string;
  body: string;
  created_at: string;
}

/** The newest messages the log provider kept, newest first. */
export async function listSms(db: Db, limit: number): Promise<StoredSms[]> {
  return db
    .selectFrom('sms_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
