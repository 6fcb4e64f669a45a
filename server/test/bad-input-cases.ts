/**
 * Malformed values generated from a per-endpoint field-kind table, for bad-input.test.ts
 * (wire-contract §1.1 kind checks, §4 result codes). The tables are in bad-input-endpoints.ts.
 */

/** A JSON literal written into the body as is (1e309, deep nesting, `__proto__` keys). */
export class Raw {
  constructor(readonly text: string) {}
}

/** JSON text of `value` with every Raw spliced in verbatim. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof Raw)) return item;
    raws.push(item.text);
    return `@@RAW${raws.length - 1}@@`;
  });
  return text.replace(/"@@RAW(\d+)@@"/g, (_match, index: string) => raws[Number(index)] ?? '');
}

export type Kind = 'string' | 'bool' | 'uint' | 'int8' | 'number' | 'array' | 'object' | 'slot-id';
type Path = (string | number)[];
/** A refused value: its label, the value, and the codes expected (any refusal when absent). */
type Bad = [label: string, value: unknown, codes?: number[]];

export interface Field {
  path: Path;
  kind: Kind;
  /** May be left out (then no "missing" case). */
  optional?: boolean;
  /** Accepts null (then no null case). */
  nullable?: boolean;
  /** Further values of the right kind this field refuses. */
  extra?: Bad[];
}

export interface PostEndpoint {
  path: string;
  /** A body the gateway accepts on a fresh configuration. */
  valid: () => Record<string, unknown>;
  /** What a valid body answers. */
  acceptedCode: number;
  /** GET whose answer must not change while refusals come in. */
  statePath: string;
  fields: Field[];
  /** Fields the device reads leniently (wrong kinds give a default), so not refused: why. */
  lenient?: string;
}

export interface Case {
  name: string;
  data: Record<string, unknown>;
  /** Exact codes expected; undefined = any refusal (warning with a code, or 404 for file/delete). */
  codes?: number[];
}

/** The kind check's answer, "values are missing". */
export const KIND = 1005;

/** A refused value labelled by its JSON text (shortened when long). */
export function bad(value: unknown, ...codes: number[]): Bad {
  const text = value instanceof Raw ? value.text : JSON.stringify(value);
  const shown = text.length > 24 ? `${text.slice(0, 12)}… (${text.length} chars)` : text;
  return named(shown, value, ...codes);
}

export function named(label: string, value: unknown, ...codes: number[]): Bad {
  return codes.length > 0 ? [label, value, codes] : [label, value];
}

/** A field by dotted path ("channel.0.max_power"; digits are array indices). */
export function field(path: string, kind: Kind, more: Omit<Field, 'path' | 'kind'> = {}): Field {
  const segments = path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  return { path: segments, kind, ...more };
}

const DEEP = new Raw('{"a":'.repeat(5000) + '1' + '}'.repeat(5000));
const PROTO = new Raw('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}');

/** One value of each JSON kind, to put where another kind belongs. */
const SAMPLES: Record<string, unknown> = {
  string: 'text',
  number: 7,
  bool: true,
  null: null,
  object: { a: 1 },
  array: [1],
};
const SAMPLE_OF: Record<Kind, string> = {
  string: 'string',
  bool: 'bool',
  uint: 'number',
  int8: 'number',
  number: 'number',
  'slot-id': 'number',
  array: 'array',
  object: 'object',
};

/** Values of the right JSON kind that are still not what a field of the kind takes. */
const BAD_VALUES: Record<Kind, Bad[]> = {
  string: [
    named('a 10k-character string', '9'.repeat(10_000)),
    named('a long unicode string', '€ünï🔥\u202e\u0000'.repeat(1500)),
  ],
  bool: [bad('true', KIND), bad(1, KIND)],
  uint: [bad('3', KIND), bad(1.5, KIND), bad(-1, KIND), named('2**64', 2 ** 64, KIND)],
  int8: [bad('3', KIND), bad(1.5, KIND), bad(-129, KIND), named('2**64', 2 ** 64, KIND)],
  number: [bad('3', KIND), bad(new Raw('-1e309'), KIND)],
  // Slot ids of /api/inverter/order: numbers or digit strings; ids ≥ 10 are skipped, not refused.
  'slot-id': [bad('abc', KIND), bad('-1', KIND), bad(1.5, KIND), bad(-1, KIND)],
  array: [],
  object: [],
};
for (const kind of ['uint', 'int8', 'number', 'slot-id'] as const) {
  BAD_VALUES[kind].push(bad(new Raw('1e309'), KIND)); // JSON.parse makes it Infinity
}

const label = (path: Path) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .slice(1);

function withValue(body: Record<string, unknown>, path: Path, value: unknown, remove = false) {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/** Every malformed variant of one endpoint's valid body, one field at a time. */
export function fieldCases(endpoint: PostEndpoint): Case[] {
  const valid = endpoint.valid();
  return endpoint.fields.flatMap((f) => {
    const name = label(f.path);
    const at = (value: unknown) => withValue(valid, f.path, value);
    const cases: Case[] = Object.entries(SAMPLES)
      .filter(([sample]) => sample !== SAMPLE_OF[f.kind] && !(sample === 'null' && f.nullable))
      .map(([sample, value]) => ({ name: `${name} as ${sample}`, data: at(value), codes: [KIND] }));
    if (!f.optional) {
      cases.push({ name: `${name} missing`, data: withValue(valid, f.path, undefined, true) });
    }
    for (const [what, value, codes] of [...BAD_VALUES[f.kind], ...(f.extra ?? [])]) {
      cases.push({ name: `${name} = ${what}`, data: at(value), ...(codes ? { codes } : {}) });
    }
    // Unknown keys inside an object field are ignored by design, so these fit other kinds only.
    if (f.kind !== 'object') {
      cases.push({ name: `${name} as a deeply nested object`, data: at(DEEP), codes: [KIND] });
      cases.push({ name: `${name} as __proto__/constructor keys`, data: at(PROTO), codes: [KIND] });
    }
    return cases;
  });
}
