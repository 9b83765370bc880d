import type { Twilio } from 'twilio';
import type { SmsMessage, SmsProvider } from './provider.js';

export interface TwilioSettings {
  twilioAccountSid: string;
  twilioAuthToken: string;
  twilioFrom: string;
}

/** Sends through Twilio's Messages API with the official client. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  private client: Promise<Twilio> | null = null;

  /** Refuses to exist without complete credentials, so a misconfigured server fails at start. */
  constructor(private readonly settings: TwilioSettings) {
    const missing = (['twilioAccountSid', 'twilioAuthToken', 'twilioFrom'] as const).filter(
      (k) => !settings[k],
    );
    if (missing.length > 0)
      throw new Error(
        `smsProvider twilio needs ${missing.join(', ')} (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)`,
      );
    if (!settings.twilioAccountSid.startsWith('AC'))
      throw new Error('twilioAccountSid (TWILIO_ACCOUNT_SID) must start with AC');
  }

  /** The client, loaded on first use: the module is large and most processes never send. */
  connect(): Promise<Twilio> {
    this.client ??= import('twilio').then(({ default: twilio }) =>
      twilio(this.settings.twilioAccountSid, this.settings.twilioAuthToken),
    );
    return this.client;
  }

  async send(message: SmsMessage): Promise<void> {
    const client = await this.connect();
    await client.messages.create({
      to: message.to,
      from: this.settings.twilioFrom,
      body: message.body,
    });
  }
}
