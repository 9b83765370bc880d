import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shown, verdictOf } from './goals.js';
import { cells, columns, repository, type Results } from './run.js';

export const startMarker = '<!-- bench:results:start (npm run bench:doc writes this part) -->';
export const endMarker = '<!-- bench:results:end -->';

/** A markdown table row; `|` in a cell is escaped. */
const line = (values: readonly string[]) =>
  `| ${values.map((v) => v.trim().replaceAll('|', '\\|')).join(' | ')} |`;

/** The results of a run as the markdown the doc shows: its metadata, the rows and the goals. */
export function renderResults(results: Results): string {
  const { machine } = results;
  const node = machine.node ? `, Node.js ${machine.node}` : '';
  const load =
    machine.loadAverage === undefined
      ? ''
      : `, load average ${machine.loadAverage.toFixed(1)} at its end`;
  const caption =
    `Run of ${results.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cpus} × ${machine.cpu}, ` +
    `${machine.memoryGb.toFixed(0)} GB${node}${load}; ${results.seconds} s per row after ${results.warmUp} s untimed.`;
  const align = columns.map((_, i) => (i === 0 ? '---' : '---:'));
  return [
    caption,
    '',
    line(columns),
    line(align),
    ...results.rows.map((row) => line(cells(row))),
    '',
    ...results.notes.map((note) => `- ${note}`),
    '',
    line(['goal', 'measured', 'target', '']),
    line(['---', '---:', '---', '---']),
    ...results.goals.map((g) => line([g.path, shown(g), g.goal, verdictOf(g)])),
  ].join('\n');
}

/** `doc` with what lies between the markers replaced by `body`. */
export function between(doc: string, body: string): string {
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start < 0 || end < start)
    throw new Error(`the doc lacks the markers ${startMarker} … ${endMarker}`);
  return `${doc.slice(0, start + startMarker.length)}\n\n${body}\n\n${doc.slice(end)}`;
}

/**
 * Renders bench/results.json into docs/performance.md (`npm run bench:doc`; `npm run bench` does
 * it after a full run), so the doc's figures are always a run's. Returns the doc's path.
 */
export function renderDoc(): string {
  const results = JSON.parse(
    readFileSync(new URL('bench/results.json', repository), 'utf8'),
  ) as Results;
  const file = 'docs/performance.md';
  const doc = readFileSync(new URL(file, repository), 'utf8');
  writeFileSync(new URL(file, repository), between(doc, renderResults(results)));
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(`${renderDoc()}\n`);
