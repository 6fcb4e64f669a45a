import { z } from 'zod';
import * as devInfo from '../dev-info.js';
import * as device from '../device.js';
import * as dtu from '../dtu.js';
import * as envelope from '../envelope.js';
import * as eventLog from '../event-log.js';
import * as files from '../files.js';
import * as gridProfile from '../grid-profile.js';
import * as history from '../history.js';
import * as i18n from '../i18n.js';
import * as inverter from '../inverter.js';
import * as limit from '../limit.js';
import * as liveData from '../live-data.js';
import * as maintenance from '../maintenance.js';
import * as mqtt from '../mqtt.js';
import * as network from '../network.js';
import * as ntp from '../ntp.js';
import * as power from '../power.js';
import * as security from '../security.js';
import * as system from '../system.js';
import * as value from '../value.js';
import * as ws from '../ws.js';

export type JsonSchema = Record<string, unknown>;

/** The contract modules whose exported schemas become named components (`FooSchema` → `Foo`). */
const MODULES: readonly Record<string, unknown>[] = [
  envelope,
  value,
  security,
  liveData,
  ws,
  inverter,
  limit,
  power,
  devInfo,
  eventLog,
  gridProfile,
  dtu,
  device,
  network,
  ntp,
  mqtt,
  system,
  files,
  maintenance,
  i18n,
  history,
];

const EXPORT_NAMES = new Map<z.ZodType, string>();
for (const module of MODULES) {
  for (const [name, member] of Object.entries(module)) {
    if (member instanceof z.ZodType && name.endsWith('Schema') && !EXPORT_NAMES.has(member)) {
      EXPORT_NAMES.set(member, name.slice(0, -'Schema'.length));
    }
  }
}

/** The contract's name of a schema, if it is an exported one. */
export const exportNameOf = (schema: z.ZodType) => EXPORT_NAMES.get(schema);

const SAFE = Number.MAX_SAFE_INTEGER;

/** Drops zod's ±2^53 bounds of plain integers: noise for a reader, and implied by JSON. */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema['minimum'] === -SAFE) delete jsonSchema['minimum'];
  if (jsonSchema['maximum'] === SAFE) delete jsonSchema['maximum'];
}

/**
 * Collects schemas under component names and turns them into JSON Schema 2020-12 with
 * `$ref`s to `#/components/schemas/<name>`. Requests are converted as zod's input side (what
 * a client may send), answers as its output side (what the gateway sends; objects closed with
 * additionalProperties: false so the server tests catch every extra or renamed field).
 */
export class ComponentSet {
  private readonly named = {
    input: new Map<z.ZodType, string>(),
    output: new Map<z.ZodType, string>(),
  };
  private readonly taken = new Set<string>();

  /** Registers `schema` (under its contract name, else `fallback`) and returns a `$ref`. */
  ref(schema: z.ZodType, io: 'input' | 'output', fallback: string): JsonSchema {
    const names = this.named[io];
    let name = names.get(schema);
    if (name === undefined) {
      name = exportNameOf(schema) ?? fallback;
      while (this.taken.has(name)) name = `${name}${io === 'input' ? 'Input' : 'Output'}`;
      this.taken.add(name);
      names.set(schema, name);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** Every registered schema, plus the contract's named sub-schemas they use. */
  toComponents(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const io of ['output', 'input'] as const) {
      const registry = z.registry<{ id: string }>();
      for (const [schema, id] of this.named[io]) registry.add(schema, { id });
      if (io === 'output') {
        // Named sub-schemas (ValueObject, RadioStats, …) become $refs too, for a readable document.
        for (const [schema, id] of EXPORT_NAMES) {
          if (!registry.has(schema) && !this.taken.has(id) && !this.named.input.has(schema)) {
            registry.add(schema, { id });
          }
        }
      }
      const { schemas } = z.toJSONSchema(registry, {
        io,
        target: 'draft-2020-12',
        unrepresentable: 'any',
        uri: (id) => `#/components/schemas/${id}`,
        override: tidy,
      });
      for (const [id, schema] of Object.entries(schemas)) {
        const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
        out[id] = rest;
      }
    }
    return pruneUnreferenced(out, [...this.taken]);
  }
}

/** Keeps the roots and whatever they reach through `$ref`. */
function pruneUnreferenced(
  components: Record<string, JsonSchema>,
  roots: readonly string[],
): Record<string, JsonSchema> {
  const keep = new Set<string>();
  const visit = (name: string) => {
    if (keep.has(name) || !components[name]) return;
    keep.add(name);
    for (const match of JSON.stringify(components[name]).matchAll(
      /"#\/components\/schemas\/([^"]+)"/g,
    )) {
      if (match[1]) visit(match[1]);
    }
  };
  roots.forEach(visit);
  return Object.fromEntries(
    Object.keys(components)
      .filter((name) => keep.has(name))
      .sort()
      .map((name) => [name, components[name] as JsonSchema]),
  );
}
