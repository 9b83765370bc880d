import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { domain as rpId, origin } from './fido-finish.js';
import { summarize, type BenchResult } from './run.js';
import { SoftAuthenticator } from './soft-authenticator.js';

const challenge = 'YmVuY2gtY2hhbGxlbmdl';
const inFlight = 16;

/**
 * SimpleWebAuthn's assertion check alone: `verifyAuthenticationResponse` as the FIDO finish calls
 * it (a P-256 credential, 16 checks in flight), in the bench's own process between rows, without
 * HTTP or SQL. Its CPU per check, all of the process's threads counted (WebCrypto runs on libuv's
 * pool), is what no FIDO finish can cost the server less than on this machine. `count` checks are
 * timed, after as many untimed.
 */
export async function assertionChecks(count: number): Promise<BenchResult> {
  const authenticator = new SoftAuthenticator();
  const user = { id: 'YmVuY2g', name: 'bench', displayName: 'bench' };
  const rp = { id: rpId, name: 'bench' };
  const pubKeyCredParams = [{ type: 'public-key' as const, alg: -7 }];
  const registration = authenticator.register({ challenge, rp, user, pubKeyCredParams }, origin);
  const { registrationInfo } = await verifyRegistrationResponse({
    response: registration,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpId,
  });
  if (!registrationInfo) throw new Error('the soft authenticator did not register');
  const { credential } = registrationInfo;
  const check = (response: AuthenticationResponseJSON) =>
    verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      credential,
      requireUserVerification: true,
    }).then(
      (result) => result.verified,
      () => false,
    );
  const run = async (assertions: AuthenticationResponseJSON[]): Promise<BenchResult> => {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        for (let next = assertions.pop(); next; next = assertions.pop()) {
          const start = performance.now();
          if (await check(next)) latencies.push(performance.now() - start);
          else errors += 1;
        }
      }),
    );
    const name = "SimpleWebAuthn's assertion check alone (no HTTP, no SQL; bench process)";
    return summarize(name, latencies, (performance.now() - started) / 1000, errors);
  };
  const assertions = () =>
    Array.from({ length: count }, () => authenticator.authenticate({ challenge, rpId }, origin));
  await run(assertions());
  const timed = assertions();
  const cpuAtStart = process.cpuUsage();
  const row = await run(timed);
  const cpu = process.cpuUsage(cpuAtStart);
  return { ...row, serverCpuUs: (cpu.user + cpu.system) / Math.max(1, row.requests) };
}
