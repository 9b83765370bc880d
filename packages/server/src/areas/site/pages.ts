import { escapeHtml, renderPage } from '../../core/http/page.js';
import type { SiteDeps } from './deps.js';

/** The three API references, as `/docs` and the landing page list them. */
const references = [
  {
    name: 'sandbox',
    title: "Area A — driver's-license sandbox",
    about: 'POST /api/v2/verifications',
  },
  {
    name: 'main',
    title: 'Area B — main API',
    about: 'devices, bindings, identity documents, svcfications, svccodes, /jwks',
  },
  {
    name: 'fido',
    title: 'Area C — FIDO API',
    about: 'organizations, users, passkey registration and login links',
  },
] as const;

const referenceList = references
  .map(
    (r) => `<li><a href="/docs/${r.name}">${escapeHtml(r.title)}</a> — ${escapeHtml(r.about)}
(<a href="/docs/${r.name}/openapi.json">OpenAPI</a>)</li>`,
  )
  .join('\n');

/** `GET /`: what this server is and where to go next. */
export function landingPage(deps: SiteDeps) {
  return renderPage({
    title: 'svc',
    body: `<h1>svc</h1>
<p>A self-hostable identity authentication service, running at
<code>${escapeHtml(deps.publicUrl)}</code>.</p>
<h2>APIs</h2>
<ul>
${referenceList}
</ul>
<h2>Try it</h2>
<ul>
<li><a href="/demo/svccode">Scan-to-pair demo</a> (the <code>demo</code> customer's svccodes)</li>
<li><a href="/jwks">/jwks</a> — keys that verify device and callback JWTs</li>
<li><a href="/healthz">/healthz</a>, <a href="/readyz">/readyz</a>, <a href="/metrics">/metrics</a></li>
</ul>`,
  });
}

/** `GET /docs`: the three API references. */
export function docsIndex() {
  return renderPage({
    title: 'svc API reference',
    body: `<h1>API reference</h1>
<ul>
${referenceList}
</ul>`,
  });
}
