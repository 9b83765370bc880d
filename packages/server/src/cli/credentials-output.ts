import type { IssuedCredentials } from '../areas/customers/issue-credentials.js';

/** A value in single quotes, safe for any POSIX shell. */
const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * `export NAME='value'` lines for `eval "$(svc customers create --name Acme --env)"`: the
 * customer id and each credential issued (a rotation of some kinds prints only those).
 */
export function envLines(customer: { id: string } & Partial<IssuedCredentials>): string {
  const vars: [string, string | undefined][] = [
    ['SVC_CUSTOMER_ID', customer.id],
    ['SVC_SERVER_TOKEN', customer.server_credentials?.token],
    ['SVC_SERVER_SECRET', customer.server_credentials?.secret],
    ['SVC_SDK_TOKEN', customer.sdk_credentials?.token],
    ['SVC_SDK_SECRET', customer.sdk_credentials?.secret],
    ['SVC_USER_TOKEN', customer.user_credentials?.token],
    ['SVC_USER_SECRET', customer.user_credentials?.secret],
    ['SVC_SANDBOX_TOKEN', customer.sandbox_token],
    ['SVC_FIDO_API_KEY', customer.fido_api_key],
  ];
  return vars
    .filter((v): v is [string, string] => v[1] !== undefined)
    .map(([name, value]) => `export ${name}=${quote(value)}\n`)
    .join('');
}

/** Prints issued credentials as one JSON object, as `export` lines, or as text for a person. */
export function printIssued(
  customer: { id: string; name: string } & Partial<IssuedCredentials>,
  format: { json?: boolean; env?: boolean },
  heading: string,
): void {
  if (format.json) process.stdout.write(`${JSON.stringify(customer)}\n`);
  else if (format.env) process.stdout.write(envLines(customer));
  else process.stdout.write(`${heading}\n${JSON.stringify(customer, null, 2)}\n`);
}
