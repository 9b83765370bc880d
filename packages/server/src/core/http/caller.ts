/** The authenticated customer of a request ('' when the route takes no credentials). */
export const customerOf = (request: { caller: { customerId: string } | null }): string =>
  request.caller?.customerId ?? '';
