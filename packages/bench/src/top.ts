import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `npm run bench:top <file.cpuprofile> [n]`: where the profiled process spent its CPU, by function and by package. */
function top(path: string, count: number): void {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const micros = profile.timeDeltas[i] ?? 0;
    total += micros;
    if (!frame) return;
    const file = frame.url.replace(/^file:\/\//, '');
    const where =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
      /\/packages\/(\w+)\//.exec(file)?.[1]?.replace(/^/, 'svc/') ??
      (file.startsWith('node:') ? 'node' : `(${frame.functionName || 'vm'})`);
    const name = `${frame.functionName || '(anonymous)'} ${file.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byPackage.set(where, (byPackage.get(where) ?? 0) + micros);
  });
  const print = (title: string, map: Map<string, number>) => {
    const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
    process.stdout.write(`\n${title}\n`);
    for (const [name, micros] of rows)
      process.stdout.write(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}\n`);
  };
  print('self time by package', byPackage);
  print('self time by function', byFunction);
}

top(process.argv[2] ?? '', Number(process.argv[3] ?? 30));
