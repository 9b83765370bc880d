import { randomBytes, randomUUID } from 'node:crypto';

/** Identifier and randomness source, injectable so tests can make ids predictable. */
export interface Ids {
  uuid(): string;
  /** `bytes` random bytes as base64url text. */
  random(bytes: number): string;
}

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  random: (bytes) => randomBytes(bytes).toString('base64url'),
};
