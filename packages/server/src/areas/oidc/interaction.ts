import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { assertThat } from '../../core/errors.js';

/** The raw request and response the provider reads its interaction cookie from. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What svc keeps on an interaction between the page's calls. */
export interface Pending {
  /**
   * The passkey link and its secret, sealed with the master key: kept here, never sent to the
   * browser (start-passkey.ts).
   */
  passkeyLink?: string;
  passkeySecret?: string;
  svccode?: string;
  svcfication?: string;
}

/**
 * The sign-in behind the page: its cookie must name the interaction of the URL, and the
 * interaction must still be open (a finished one has its login or error as its result, and the
 * browser is on its way back to the client: a later page call would overwrite that result).
 */
export async function openInteraction(
  provider: Provider,
  x: Exchange,
  uid: string,
): Promise<Interaction> {
  const interaction = await provider.interactionDetails(x.req, x.res).catch(() => undefined);
  assertThat(interaction?.uid === uid, 'OIDC_INTERACTION_NOT_FOUND');
  assertThat(!interaction.result || 'svc' in interaction.result, 'OIDC_INTERACTION_NOT_FOUND');
  return interaction;
}

export function pendingOf(interaction: Interaction): Pending {
  return interaction.result?.svc ?? {};
}

export async function savePending(interaction: Interaction, pending: Pending): Promise<void> {
  interaction.result = { svc: { ...pendingOf(interaction), ...pending } };
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
}

/** Ends the interaction with a result (a login, or an OIDC error); answers where to go next. */
export async function finishInteraction(
  provider: Provider,
  x: Exchange,
  result: InteractionResults,
): Promise<{ redirect_to: string }> {
  const to = await provider.interactionResult(x.req, x.res, result, {
    mergeWithLastSubmission: false,
  });
  return { redirect_to: to };
}

export type { Interaction };
