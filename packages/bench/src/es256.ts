import { generateKeyPair, sign, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { summarize, type BenchResult } from './run.js';

/**
 * ES256 verifications alone (P-256, SHA-256, node:crypto in the bench's process, nothing else
 * running): a device-signed request and each payload it signs cost svc one. Its CPU per
 * verification is the crypto part of the round trip's floor. `count` are timed, after as many
 * untimed.
 */
export async function es256Verifications(count: number): Promise<BenchResult> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('ec', { namedCurve: 'P-256' });
  const key = { key: publicKey, dsaEncoding: 'ieee-p1363' as const };
  const data = Buffer.from('GET\n/api/v2/svcfications/next\nbench');
  const signature = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const run = (): { latencies: number[]; errors: number } => {
    const latencies: number[] = [];
    let errors = 0;
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      if (verify('sha256', data, key, signature)) latencies.push(performance.now() - start);
      else errors += 1;
    }
    return { latencies, errors };
  };
  run();
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const { latencies, errors } = run();
  const cpu = process.cpuUsage(cpuAtStart);
  const name = 'ES256 verification alone (node:crypto, bench process)';
  const row = summarize(name, latencies, (performance.now() - started) / 1000, errors);
  return { ...row, serverCpuUs: (cpu.user + cpu.system) / Math.max(1, row.requests) };
}
