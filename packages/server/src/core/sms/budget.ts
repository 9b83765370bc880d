import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../clock.js';
import { rateLimited } from '../errors.js';
import type { LimiterStore } from '../limiters.js';

const hourMs = 3_600_000;

/** Takes one point of `key`: false when the budget was used up already. */
async function takeOne(budget: RateLimiterAbstract | null, key: string): Promise<boolean> {
  if (!budget) return true;
  return budget.consume(key).then(
    () => true,
    (refused: unknown) => {
      if (refused instanceof Error) throw refused;
      return false;
    },
  );
}

/**
 * How many SMS a customer may send, and send to one phone number, per clock hour
 * (`SVC_FIDO_SMS_PER_CUSTOMER`, `SVC_FIDO_SMS_PER_NUMBER`; 0: no limit). Each SMS costs the
 * operator money, and a customer's API key must not become a way to flood a number or to pump
 * premium-rate numbers. A number's count is per customer: one customer's texts never use up
 * another's (nor tell it that someone else texts the number). Counted where the request limits
 * are: on PostgreSQL, once for all instances.
 */
export class SmsBudget {
  private readonly perCustomer: RateLimiterAbstract | null;
  private readonly perNumber: RateLimiterAbstract | null;

  constructor(
    private readonly clock: Clock,
    limits: { fidoSmsPerCustomer: number; fidoSmsPerNumber: number },
    store: LimiterStore,
  ) {
    // Keys name their clock hour, so a count lasts at most that hour.
    const budget = (points: number, keyPrefix: string) =>
      points > 0 ? store({ points, duration: hourMs / 1000, keyPrefix }) : null;
    this.perCustomer = budget(limits.fidoSmsPerCustomer, 'sms-customer');
    this.perNumber = budget(limits.fidoSmsPerNumber, 'sms-number');
  }

  /** Takes one SMS to `number` from the customer's budget and the number's, or throws 429. */
  async take(customerId: string, number: string): Promise<void> {
    const now = this.clock.ms();
    const hour = Math.floor(now / hourMs);
    const retryAfter = Math.max(1, Math.ceil(((hour + 1) * hourMs - now) / 1000));
    const customerKey = `${customerId}:${hour}`;
    if (!(await takeOne(this.perCustomer, customerKey)))
      throw rateLimited(retryAfter, 'This customer sent as many SMS as allowed this hour.');
    if (!(await takeOne(this.perNumber, `${customerId}:${number}:${hour}`))) {
      await this.perCustomer?.reward(customerKey);
      throw rateLimited(
        retryAfter,
        'This customer sent this number as many SMS as allowed this hour.',
      );
    }
  }
}
