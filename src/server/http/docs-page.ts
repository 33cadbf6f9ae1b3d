/** A small, dependency-free page that renders /api/openapi.json for a person (no CDN here). */
export const docsHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>NS-Webtid API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2433;background:#f6f7fb}
header{background:#1e3a5f;color:#fff;padding:16px 24px}h1{margin:0;font-size:22px}
main{max-width:1100px;margin:0 auto;padding:16px}
.op{background:#fff;border:1px solid #dde2ea;border-radius:8px;margin:10px 0}
.op>summary{cursor:pointer;padding:10px 14px;display:flex;gap:12px;align-items:center}
.m{font-weight:700;font-family:monospace;width:64px;text-align:center;border-radius:4px;padding:2px 0;color:#fff}
.GET{background:#2f7d4f}.POST{background:#2357a6}.PUT{background:#a66a00}.DELETE{background:#b3261e}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f1f3f7;padding:10px;border-radius:6px;overflow:auto;margin:6px 14px 14px}
.body{padding:0 14px 10px}h2{margin:24px 0 4px;font-size:18px;text-transform:capitalize}
</style></head><body><header><h1>NS-Webtid API</h1><div id="desc"></div></header><main id="root">Loading…</main>
<script src="/api/docs.js"></script></body></html>`;

export const docsScript = `
(async function () {
  const spec = await (await fetch('/api/openapi.json')).json();
  const el = (tag, attrs, ...kids) => { const e = document.createElement(tag); Object.assign(e, attrs || {}); for (const k of kids) e.append(k); return e; };
  document.getElementById('desc').textContent = spec.info.description;
  const root = document.getElementById('root'); root.textContent = '';
  const byTag = {};
  for (const [path, ops] of Object.entries(spec.paths)) for (const [method, op] of Object.entries(ops)) (byTag[(op.tags || ['other'])[0]] ||= []).push({ path, method: method.toUpperCase(), op });
  for (const tag of Object.keys(byTag).sort()) {
    root.append(el('h2', { textContent: tag }));
    for (const { path, method, op } of byTag[tag]) {
      const d = el('details', { className: 'op' }, el('summary', {}, el('span', { className: 'm ' + method, textContent: method }), el('code', { textContent: path }), el('span', { textContent: op.summary || '' })));
      const body = el('div', { className: 'body' });
      if (op.parameters && op.parameters.length) body.append(el('div', { textContent: 'Parameters: ' + op.parameters.map((p) => p.name + ' (' + p.in + (p.required ? ', required' : '') + ')').join(', ') }));
      if (op.requestBody) for (const [type, c] of Object.entries(op.requestBody.content)) { body.append(el('div', { textContent: 'Body ' + type })); body.append(el('pre', { textContent: JSON.stringify(c.schema, null, 2) })); }
      for (const [status, r] of Object.entries(op.responses)) { if (!r.content || status >= 400) continue; body.append(el('div', { textContent: 'Response ' + status })); for (const c of Object.values(r.content)) body.append(el('pre', { textContent: JSON.stringify(c.schema, null, 2) })); }
      d.append(body); root.append(d);
    }
  }
})();
`;
