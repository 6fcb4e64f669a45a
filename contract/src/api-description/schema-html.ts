import type { JsonSchema } from './json-schema.js';

/** HTML building blocks of the reference page: escaping, a little markdown, schema views. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** One line of the markdown the descriptions use: **bold** and `code`. */
export function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/** Paragraphs of inline markdown. */
export function markdown(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${inline(paragraph)}</p>`)
    .join('\n');
}

/** Anchor of a component: #schema-Name. */
export const schemaAnchor = (name: string) => `schema-${name}`;

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

const asSchema = (value: unknown) => (value ?? {}) as JsonSchema;
const asList = (value: unknown) => (Array.isArray(value) ? (value as JsonSchema[]) : []);

/** Ranges, patterns and lengths of a schema, in words. */
function constraints(schema: JsonSchema): string {
  const parts: string[] = [];
  const pick = (key: string, label: string) => {
    if (schema[key] !== undefined) parts.push(`${label} ${JSON.stringify(schema[key])}`);
  };
  pick('minimum', '≥');
  pick('exclusiveMinimum', '>');
  pick('maximum', '≤');
  pick('exclusiveMaximum', '<');
  pick('minLength', 'length ≥');
  pick('maxLength', 'length ≤');
  pick('minItems', 'items ≥');
  pick('maxItems', 'items ≤');
  pick('pattern', 'pattern');
  pick('default', 'default');
  return parts.length > 0 ? ` <span class="muted">(${escapeHtml(parts.join(', '))})</span>` : '';
}

/** A short type expression with links to named schemas; objects become a nested table. */
export function typeHtml(schema: JsonSchema, depth = 0): string {
  if (typeof schema['$ref'] === 'string') {
    const name = refName(schema['$ref']);
    return `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema['const']))}</code>`;
  if (Array.isArray(schema['enum'])) {
    return (schema['enum'] as unknown[])
      .map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`)
      .join(' | ');
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = asList(schema[key]);
    if (list.length > 0) {
      return list.map((s) => typeHtml(s, depth)).join(key === 'allOf' ? ' &amp; ' : ' | ');
    }
  }
  const type = schema['type'];
  if (Array.isArray(type))
    return type.map((t) => typeHtml({ ...schema, type: t }, depth)).join(' | ');
  if (type === 'array') {
    const tuple = asList(schema['prefixItems']);
    if (tuple.length > 0) return `[${tuple.map((s) => typeHtml(s, depth)).join(', ')}]`;
    return `array of ${typeHtml(asSchema(schema['items']), depth)}${constraints(schema)}`;
  }
  if (type === 'object' || schema['properties']) {
    const properties = asSchema(schema['properties']);
    const extra = schema['additionalProperties'];
    if (Object.keys(properties).length === 0) {
      if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
        return `map of ${typeHtml(asSchema(extra), depth)}`;
      }
      return extra === false ? '<code>{}</code>' : 'object';
    }
    return depth > 3 ? 'object' : objectTable(schema, depth + 1);
  }
  if (typeof type === 'string') return `${escapeHtml(type)}${constraints(schema)}`;
  return 'any';
}

/** An object's properties as a table: name, type, required. */
export function objectTable(schema: JsonSchema, depth = 0): string {
  const properties = asSchema(schema['properties']);
  const required = new Set(asList(schema['required']) as unknown as string[]);
  const rows = Object.entries(properties)
    .map(
      ([name, property]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="muted">optional</span>'}</td><td>${typeHtml(asSchema(property), depth)}</td></tr>`,
    )
    .join('');
  const open =
    schema['additionalProperties'] === false ? '' : '<p class="muted">More fields allowed.</p>';
  return `<table class="props"><tbody>${rows}</tbody></table>${depth === 0 ? open : ''}`;
}

/** A component: a table for objects, else its type expression. */
export function schemaHtml(schema: JsonSchema): string {
  if (schema['type'] === 'object' && schema['properties']) return objectTable(schema);
  return `<p>${typeHtml(schema)}</p>`;
}
