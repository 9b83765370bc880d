import type { Clock } from '../../../core/clock.js';
import { rateLimited } from '../../../core/errors.js';
import { Counters } from '../../../core/http/rate-limit.js';

/**
 * How many SMS a customer may send, and a phone number receive from all customers, per hour
 * (`SVC_FIDO_SMS_PER_CUSTOMER`, `SVC_FIDO_SMS_PER_NUMBER`; 0: no limit). Each SMS costs the
 * operator money, and a customer's API key must not become a way to flood a number or to pump
 * premium-rate numbers. Counted in this process, like the request limits.
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
    if (over(`number:${number}`, this.limits.fidoSmsPerNumber))
      throw rateLimited(
        this.counters.retryAfter(),
        'This number received as many SMS as allowed this hour.',
      );
    this.counters.add(`customer:${customerId}`);
    this.counters.add(`number:${number}`);
  }
}
