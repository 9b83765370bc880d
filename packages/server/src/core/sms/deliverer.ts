import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Deliver } from '../outbox/worker.js';
import type { Db } from '../store/index.js';
import { LogSmsProvider } from './log-provider.js';
import type { InfoLogger, SmsProvider } from './provider.js';
import { TwilioSmsProvider, type TwilioSettings } from './twilio-provider.js';

export interface SmsSettings extends TwilioSettings {
  smsProvider: 'log' | 'twilio';
}

/** The configured provider; throws at start when twilio is chosen without credentials. */
export function smsProvider(
  settings: SmsSettings,
  deps: { db: Db; clock: Clock; logger: InfoLogger },
): SmsProvider {
  return settings.smsProvider === 'twilio'
    ? new TwilioSmsProvider(settings)
    : new LogSmsProvider(deps.db, deps.clock, deps.logger);
}

/**
 * Outbox handler of kind `sms`: target is the phone number, payload `{ sealed }`, the text sealed
 * with the master key (it holds a link's secret); `{ body }` in clear from before that.
 */
export function smsDeliverer(provider: SmsProvider, box: SecretBox): Deliver {
  return async ({ id, target, payload }) => {
    const { sealed, body } = (payload ?? {}) as { sealed?: unknown; body?: unknown };
    const text = typeof sealed === 'string' ? box.open(sealed) : body;
    if (typeof text !== 'string') throw new Error('sms payload has no body');
    await provider.send({ id, to: target, body: text });
  };
}
