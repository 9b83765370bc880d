import type { Clock } from '../clock.js';
import { rateLimited } from '../errors.js';
import { Counters } from '../window-counters.js';

/**
 * How many SMS a customer may send, and send to one phone number, per clock hour
 * (`SVC_FIDO_SMS_PER_CUSTOMER`, `SVC_FIDO_SMS_PER_NUMBER`; 0: no limit). Each SMS costs the
 * operator money, and a customer's API key must not become a way to flood a number or to pump
 * premium-rate numbers. A number's count is per customer: one customer's texts never use up
 * another's (nor tell it that someone else texts the number). Counted in this process, like the
 * request limits.
 */
export class SmsBudget {
  private readonly counters: Counters;
  constructor(
    clock: Clock,
    private readonly limits: { fidoSmsPerCustomer: number; fidoSmsPerNumber: number },
  ) {
    this.counters = new Counters(clock, 3_600_000);
  }

  /** Takes one SMS to `number` from the customer's budget and the number's, or throws 429. */
  take(customerId: string, number: string): void {
    const over = (key: string, limit: number) => limit > 0 && this.counters.count(key) >= limit;
    if (over(`customer:${customerId}`, this.limits.fidoSmsPerCustomer))
      throw rateLimited(
        this.counters.retryAfter(),
        'This customer sent as many SMS as allowed this hour.',
      );
    if (over(`number:${customerId}:${number}`, this.limits.fidoSmsPerNumber))
      throw rateLimited(
        this.counters.retryAfter(),
        'This customer sent this number as many SMS as allowed this hour.',
      );
    this.counters.add(`customer:${customerId}`);
    this.counters.add(`number:${customerId}:${number}`);
  }
}
