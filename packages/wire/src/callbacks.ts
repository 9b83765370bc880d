/**
 * What binds a callback's `jwt` to its receiver: two parameters of its protected header, the
 * customer (relying party) whose `callback_url` it is sent to and what it is. A receiver that
 * checks them refuses another customer's callback forwarded to it, and any other JWT svc signs
 * (a device's, posted as `{sub, jwt}`). They are header parameters, not claims: the claims are
 * the delivered body (less `jwt`), which receivers compare with it, and a registered `aud` claim
 * makes JWT libraries that expect none refuse the token (RFC 7519 4.1.3).
 */
export interface CallbackBinding {
  /** The customer's id: the `sub` of its credentials' tokens, its svccodes' `relying_party_id`. */
  svc_customer: string;
  svc_purpose: 'callback';
}

export function callbackBinding(customerId: string): CallbackBinding {
  return { svc_customer: customerId, svc_purpose: 'callback' };
}
