import QRCode from 'qrcode';
import { demoCustomerId } from '../../core/customers.js';
import { assertThat } from '../../core/errors.js';
import { renderPage } from '../../core/http/page.js';
import type { SvccodesDeps } from './deps.js';
import { readSvccodePayload } from './svccode-payload.js';

/**
 * `GET /demo/svccode`: what an RP's login page does with svccodes, for the `demo` customer that a
 * fresh data dir gets. The page creates a code through the public API, shows it as a QR code,
 * long-polls until a device pairs, and replaces the code before it expires (or when the server
 * says it is gone: 404). Kept as one inline page so it needs no build step.
 */
const script = `
const main = document.querySelector('main');
const next = document.getElementById('next');
const pasted = document.getElementById('payload');
const img = document.getElementById('qr');
const status = document.getElementById('status');
let current = null;
const json = async (res) => { if (!res.ok) throw new Error('svc answered ' + res.status); return res.json(); };
async function refresh() {
  if (current) { current.controller.abort(); clearTimeout(current.timer); }
  const controller = new AbortController();
  current = { controller, timer: null };
  try {
    const code = await json(await fetch('/api/v2/svccodes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ relying_party_id: main.dataset.relyingParty }) }));
    const qr = await json(await fetch('/demo/svccode/qr?payload=' + encodeURIComponent(code.payload)));
    img.src = qr.data_url;
    img.dataset.payload = code.payload;
    img.dataset.id = code.id;
    pasted.textContent = "npx svc device pair '" + code.payload + "'";
    next.querySelector('[data-id]').textContent = code.id;
    status.textContent = 'Waiting for a device to scan…';
    // Replace the code a little before it expires, so a phone never scans a dead one.
    current.timer = setTimeout(refresh, Math.max(1, qr.expires_in - Math.min(30, qr.expires_in / 5)) * 1000);
    void watch(code.id, controller.signal);
  } catch (err) {
    status.textContent = 'Could not create a code (' + err.message + '); retrying…';
    current.timer = setTimeout(refresh, 5000);
  }
}
async function watch(id, signal) {
  while (!signal.aborted) {
    try {
      // No wait parameter: the service holds the answer until a pairing, the expiry or 25 s.
      const res = await fetch('/api/v2/svccodes/' + encodeURIComponent(id), { signal });
      if (res.status === 404) return refresh();
      const state = await json(res);
      if (state.paired) {
        clearTimeout(current.timer);
        main.dataset.state = 'paired';
        status.textContent = 'paired';
        next.hidden = false;
        return;
      }
    } catch (err) {
      if (signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
void refresh();
`;

const noDemo = `<h1>Scan to pair</h1>
<p id="status" role="status">No demo customer exists on this server. It is created when <code>svc serve</code> starts on a fresh data dir.</p>`;

const demo = `<h1>Scan to pair</h1>
<img id="qr" alt="QR code to scan with the app">
<p id="status" role="status">Creating a code…</p>
<p>Scan the code with the app on a registered device, or pair from a terminal with the simulated
device (<code>npx svc device register</code> first):</p>
<pre id="payload"></pre>
<div id="next" hidden>
<h2>Paired. Next, on the relying party's server</h2>
<p>Read which device paired with <code>GET /api/v2/paired_svccodes/<span data-id></span></code>,
confirm with a svcfication (<code>svccode_id</code>) that the device accepts, then bind the user
with <code>POST /api/v2/user_bindings</code>.</p>
</div>`;

/** The page; without a `demo` customer it says so instead of showing a code. */
export async function demoPage(deps: SvccodesDeps) {
  const relyingParty = await demoCustomerId(deps.db);
  return renderPage({
    title: 'svc: scan to pair',
    body: relyingParty ? demo : noDemo,
    ...(relyingParty
      ? { inlineScript: script, data: { 'relying-party': relyingParty, state: 'waiting' } }
      : {}),
  });
}
/**
 * The QR image of a svccode payload, and how long it stays valid. Only genuine, unexpired
 * payloads are drawn: this is not a general QR service.
 */
export async function demoQr(
  deps: SvccodesDeps,
  payload: string,
): Promise<{ data_url: string; expires_in: number }> {
  const now = deps.clock.now();
  const claims = readSvccodePayload(deps.payloadKey, payload, now);
  assertThat(claims, 'SVCCODE_INVALID');
  const dataUrl = await QRCode.toDataURL(payload, {
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 8,
  });
  return {
    data_url: dataUrl,
    expires_in: Math.floor((claims.expiresAt.getTime() - now.getTime()) / 1000),
  };
}
