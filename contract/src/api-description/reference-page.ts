import type { JsonSchema } from './json-schema.js';
import type { OpenApiDocument } from './openapi.js';
import {
  escapeHtml as esc,
  inline,
  markdown,
  schemaAnchor,
  schemaHtml,
  typeHtml,
} from './schema-html.js';

/**
 * The reference page served at /api/docs: one self-contained HTML file rendered on the server
 * from the two documents (no script, no external resources: the gateway sits on a LAN that
 * may have no internet). Not part of the web interface bundle.
 */

const STYLE = `
:root{color-scheme:light dark;--fg:#212529;--bg:#fff;--muted:#6c757d;--line:#dee2e6;--code:#f1f3f5;--get:#0d6efd;--post:#198754;--ws:#6f42c1}
@media (prefers-color-scheme:dark){:root{--fg:#dee2e6;--bg:#1b1e21;--muted:#9aa0a6;--line:#3a3f44;--code:#2b3035;--get:#6ea8fe;--post:#75b798;--ws:#b29ddb}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:64rem;margin:0 auto;padding:1rem}h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid var(--line);padding-bottom:.3rem}
h3{font-size:1.05rem;margin:1.8rem 0 .4rem;word-break:break-all}a{color:var(--get)}code{background:var(--code);padding:0 .25em;border-radius:3px;font-size:.9em}
.muted{color:var(--muted)}.method{display:inline-block;min-width:3.6em;text-align:center;font-size:.8rem;font-weight:700;color:var(--bg);border-radius:3px;padding:0 .3em;margin-right:.4em}
.GET{background:var(--get)}.POST{background:var(--post)}.WS,.MQTT{background:var(--ws)}
table{border-collapse:collapse;width:100%;margin:.3rem 0}td,th{border:1px solid var(--line);padding:.2rem .4rem;text-align:left;vertical-align:top}
table.props td:first-child{width:30%}table.props table.props{margin:0}nav ul{columns:14rem}section.op{border-left:3px solid var(--line);padding-left:.8rem}
`;

const METHODS = ['get', 'post'] as const;

function operationHtml(path: string, method: string, op: JsonSchema): string {
  const params = (op['parameters'] ?? []) as JsonSchema[];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${esc(String(p['name']))}</code>${p['required'] ? '' : ' <span class="muted">optional</span>'}</td><td>${typeHtml(p['schema'] as JsonSchema)}</td></tr>`,
    )
    .join('');
  const body = op['requestBody'] as JsonSchema | undefined;
  const content = (body?.['content'] ?? {}) as Record<string, JsonSchema>;
  const [bodyType, media] = Object.entries(content)[0] ?? [];
  const bodySchema = (media?.['schema'] ?? {}) as JsonSchema;
  const data = ((bodySchema['properties'] ?? {}) as Record<string, JsonSchema>)['data'];
  const request = data
    ? `<p>Form field <code>data</code> = JSON: ${typeHtml(data['contentSchema'] as JsonSchema)}</p>`
    : bodyType
      ? `<p>${esc(bodyType)}:</p>${schemaHtml(bodySchema)}`
      : '';
  const responses = Object.entries(op['responses'] as Record<string, JsonSchema>)
    .map(([status, response]) => {
      const ref = response['$ref'];
      if (typeof ref === 'string') {
        return `<tr><td>${status}</td><td>${esc(ref.slice(ref.lastIndexOf('/') + 1))}</td></tr>`;
      }
      const types = Object.entries((response['content'] ?? {}) as Record<string, JsonSchema>)
        .map(
          ([type, m]) =>
            `<br><span class="muted">${esc(type)}</span> ${typeHtml(m['schema'] as JsonSchema)}`,
        )
        .join('');
      return `<tr><td>${status}</td><td>${inline(String(response['description']))}${types}</td></tr>`;
    })
    .join('');
  const id = String(op['operationId']);
  return `<section class="op" id="${esc(id)}"><h3><span class="method ${method.toUpperCase()}">${method.toUpperCase()}</span><code>${esc(path)}</code></h3>
<p>${esc(String(op['summary']))}${op['x-heliodtu-extension'] ? ' <span class="muted">(HelioDTU)</span>' : ''}</p>${markdown(String(op['description'] ?? ''))}
${paramRows ? `<p>Query:</p><table class="props"><tbody>${paramRows}</tbody></table>` : ''}${request}
<table><thead><tr><th>Status</th><th>Answer</th></tr></thead><tbody>${responses}</tbody></table></section>`;
}

function operationsByTag(doc: OpenApiDocument): Map<string, string[]> {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = ((op['tags'] ?? []) as string[])[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
    }
  }
  return byTag;
}

function resultCodesHtml(doc: OpenApiDocument): string {
  const codes = (doc.components.schemas['ResultCode']?.['oneOf'] ?? []) as JsonSchema[];
  const rows = codes
    .map((c) => {
      const [type = '', ...message] = String(c['description']).split(': ');
      return `<tr><td>${String(c['const'])}</td><td><code>${esc(String(c['title']))}</code></td><td>${esc(type)}</td><td>${esc(message.join(': '))}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>code</th><th>name</th><th>type</th><th>message</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function asyncHtml(asyncapi: JsonSchema): string {
  const channels = (asyncapi['channels'] ?? {}) as Record<string, JsonSchema>;
  const rows = Object.values(channels)
    .map((channel) => {
      const kind = String(channel['x-heliodtu-transport'] ?? 'MQTT').toUpperCase();
      const messages = Object.values((channel['messages'] ?? {}) as Record<string, JsonSchema>)
        .map((m) => {
          const payload = (m['payload'] ?? {}) as JsonSchema;
          const note = typeof payload['description'] === 'string' ? payload['description'] : '';
          return `${typeHtml(payload)}${note ? `: ${inline(note)}` : ''}`;
        })
        .join(' | ');
      const values = Object.entries((channel['parameters'] ?? {}) as Record<string, JsonSchema>)
        .filter(([, p]) => Array.isArray(p['enum']))
        .map(
          ([name, p]) =>
            `<br><code>${esc(name)}</code>: ${esc((p['enum'] as string[]).join(' | '))}`,
        )
        .join('');
      const title = channel['title'] ? `<strong>${esc(String(channel['title']))}.</strong> ` : '';
      return `<tr><td><span class="method ${kind}">${kind}</span><code>${esc(String(channel['address']))}</code>${values}</td><td>${title}${inline(String(channel['description'] ?? ''))}</td><td>${messages}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Channel</th><th>What</th><th>Payload</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The whole page. Schemas of both documents share one namespace of anchors. */
export function renderReferencePage(doc: OpenApiDocument, asyncapi: JsonSchema): string {
  const info = doc['info'] as JsonSchema;
  const byTag = operationsByTag(doc);
  const tags = (doc['tags'] ?? []) as JsonSchema[];
  const asyncSchemas = ((asyncapi['components'] as JsonSchema | undefined)?.['schemas'] ??
    {}) as Record<string, JsonSchema>;
  const schemas = { ...asyncSchemas, ...doc.components.schemas };
  const nav = tags
    .map((t) => `<li><a href="#tag-${esc(String(t['name']))}">${esc(String(t['name']))}</a></li>`)
    .join('');
  const sections = tags
    .map(
      (t) =>
        `<h2 id="tag-${esc(String(t['name']))}">${esc(String(t['name']))}</h2><p class="muted">${esc(String(t['description']))}</p>${(byTag.get(String(t['name'])) ?? []).join('\n')}`,
    )
    .join('\n');
  const schemaSections = Object.keys(schemas)
    .sort()
    .map(
      (name) =>
        `<h3 id="${schemaAnchor(name)}">${esc(name)}</h3>${schemaHtml(schemas[name] ?? {})}`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(String(info['title']))}</title><style>${STYLE}</style></head><body><main>
<h1>${esc(String(info['title']))} <span class="muted">${esc(String(info['version']))}</span></h1>
<p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1</a> (REST) · <a href="/api/asyncapi.json">AsyncAPI 3</a> (WebSockets, MQTT)</p>
${markdown(String(info['description']))}
<nav aria-label="Areas"><ul>${nav}<li><a href="#codes">result codes</a></li><li><a href="#async">sockets and MQTT</a></li><li><a href="#schemas">schemas</a></li></ul></nav>
${sections}
<h2 id="codes">Result codes</h2>${resultCodesHtml(doc)}
<h2 id="async">Sockets and MQTT</h2>${markdown(String((asyncapi['info'] as JsonSchema | undefined)?.['description'] ?? ''))}${asyncHtml(asyncapi)}
<h2 id="schemas">Schemas</h2>${schemaSections}
</main></body></html>`;
}
