import type { Clock } from '../clock.js';
import type { Db } from '../store/index.js';
import { insertSmsOnce } from './messages-repo.js';
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
    await insertSmsOnce(this.db, {
      id: message.id,
      to_number: message.to,
      body: message.body,
      created_at: this.clock.now().toISOString(),
    });
    this.logger.info({ sms: message.id, to: message.to }, `SMS to ${message.to}: ${message.body}`);
  }
}
