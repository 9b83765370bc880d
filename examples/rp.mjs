// The relying party's server side of the README tour, with @svc/sdk. Credentials come from the
// environment that `eval "$(npx svc customers create --name Acme --env)"` sets.
//
//   node examples/rp.mjs enroll USER                    a link that puts a phone on your user
//   node examples/rp.mjs bind DEVICE_IDENTIFIER USER   bind the device to your user and activate it
//   node examples/rp.mjs send USER [LEVEL]             ask the user's phone to approve a login
//   node examples/rp.mjs result SVCFICATION_ID          wait for the answer and print it
import { RpClient } from '@svc/sdk';

const rp = new RpClient({
  baseUrl: process.env.SVC_URL ?? 'http://127.0.0.1:8080',
  credentials: {
    token: process.env.SVC_SERVER_TOKEN ?? '',
    secret: process.env.SVC_SERVER_SECRET ?? '',
  },
});

const [command, ...args] = process.argv.slice(2);
const steps = {
  async enroll(user) {
    return (await rp.createEnrollment(user)).link;
  },
  async bind(device, user) {
    const binding = await rp.bindDevice(device, user);
    await rp.setBindingActive(binding.id, true); // activates the device too
    return `bound ${device} to ${user} (binding ${binding.id}, active)`;
  },
  async send(user, level = '2') {
    const request = { action: 'login', resource: 'web', user_identifier: user };
    return (await rp.createSvcfication({ ...request, desired_level: Number(level) })).id;
  },
  async result(id) {
    const done = await rp.waitForResult(id, { timeoutMs: 60_000 });
    return `${done.status} at level ${done.result?.accepted_level ?? '-'} by ${done.result?.device_identifier ?? '-'}`;
  },
};

const step = steps[command];
if (!step) {
  process.stderr.write(
    'usage: node examples/rp.mjs enroll USER | bind DEVICE USER | send USER [LEVEL] | result ID\n',
  );
  process.exit(2);
}
try {
  process.stdout.write(`${await step(...args)}\n`);
} catch (err) {
  process.stderr.write(`rp: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
