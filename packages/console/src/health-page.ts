import type { ConsoleMetrics } from '@svc/wire/web';
import { useEffect, useState } from 'preact/hooks';
import { api, plainError } from './api.js';
import { LineChart, type Series } from './chart.js';
import { html } from 'htm/preact';
import { Problem, Table } from './parts.js';
import { useAction, useCall } from './use-call.js';

const sampleMs = 5000;
const kept = 60;
const colors: Record<string, string> = {
  '2xx': '#1b6e2d',
  '3xx': '#3465a4',
  '4xx': '#c17d11',
  '5xx': '#b3261e',
};

/** Requests per second and mean latency by outcome between consecutive samples. */
function rates(samples: ConsoleMetrics[]): { requests: Series[]; latency: Series[] } {
  const outcomes = [...new Set(samples.flatMap((s) => s.requests.map((r) => r.outcome)))].sort();
  const per = (pick: (count: number, seconds: number, elapsed: number) => number) =>
    outcomes.map((outcome) => ({
      name: outcome,
      color: colors[outcome] ?? '#555',
      points: samples.slice(1).map((s, i) => {
        const before = samples[i]?.requests.find((r) => r.outcome === outcome);
        const now = s.requests.find((r) => r.outcome === outcome);
        const count = (now?.count ?? 0) - (before?.count ?? 0);
        const seconds = (now?.seconds ?? 0) - (before?.seconds ?? 0);
        const elapsed = (Date.parse(s.at) - Date.parse(samples[i]?.at ?? s.at)) / 1000;
        return pick(count, seconds, elapsed);
      }),
    }));
  return {
    requests: per((count, _s, elapsed) => (elapsed > 0 ? count / elapsed : 0)),
    latency: per((count, seconds) => (count > 0 ? (seconds / count) * 1000 : 0)),
  };
}

/** An operator's view of svc: the outbox, parked deliveries (with a retry), push failures, charts. */
export function HealthPage() {
  const health = useCall(() => api.health());
  const action = useAction();
  const [samples, setSamples] = useState<ConsoleMetrics[]>([]);
  const [sampleError, setSampleError] = useState<string | null>(null);
  useEffect(() => {
    const sample = () =>
      api.metrics().then(
        (m) => setSamples((all) => [...all, m].slice(-kept)),
        (err: unknown) => setSampleError(plainError(err)),
      );
    void sample();
    const timer = setInterval(sample, sampleMs);
    return () => clearInterval(timer);
  }, []);
  const drawn = rates(samples);
  const data = health.data;
  return html`<section>
    <h2>Health</h2>
    <${Problem} error=${health.error ?? action.error ?? sampleError} />
    <div class="grid">
      <${LineChart} title="Requests per second" unit="/s" series=${drawn.requests} />
      <${LineChart} title="Mean latency" unit="ms" series=${drawn.latency} />
    </div>
    <small
      >A sample every ${sampleMs / 1000} s since this page opened (${samples.length} so far).</small
    >
    <h3>Outbox</h3>
    <${Table} headings=${['Kind', 'State', 'Items']}>
          ${(data?.outbox ?? []).map(
            (o) =>
              html`<tr key=${o.kind + o.state}>
                <td>${o.kind}</td>
                <td>${o.state}</td>
                <td>${o.count}</td>
              </tr>`,
          )}
        </${Table}>
    <h3>Push channels failing</h3>
    ${data && data.push_failures.length === 0 && html`<p class="ok">No push wake-up is failing.</p>`}
    <ul>
      ${(data?.push_failures ?? []).map((p) => html`<li key=${p.channel}>${p.channel}: ${p.count}</li>`)}
    </ul>
    <h3>Parked deliveries</h3>
    ${data && data.parked.length === 0 && html`<p class="ok">Nothing gave up.</p>`}
    <${Table} headings=${['Delivery', 'Last error', '']}>
          ${(data?.parked ?? []).map(
            (d) =>
              html`<tr key=${d.id}>
                <td>
                  ${d.kind} to ${d.target}<br /><small
                    >${d.id}, ${d.attempts.length} attempts</small
                  >
                </td>
                <td>${d.last_error}</td>
                <td>
                  <button onClick=${() => action.run(() => api.retryDelivery(d.id), health.reload)}>
                    Retry
                  </button>
                </td>
              </tr>`,
          )}
        </${Table}>
  </section>`;
}
