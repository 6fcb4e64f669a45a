import { API_MESSAGES, ApiCode, responseTypeOf, type ApiCodeName } from '../codes.js';
import type { JsonSchema } from './json-schema.js';

/** One result code as the description lists it (wire-contract §5, contract/src/codes.ts). */
export interface ResultCodeDoc {
  code: number;
  name: ApiCodeName;
  type: 'success' | 'warning' | 'danger';
  message: string;
}

/** Every code the gateway can send (the `…Base` markers never go on the wire). */
export const RESULT_CODES: readonly ResultCodeDoc[] = (Object.keys(ApiCode) as ApiCodeName[])
  .filter((name) => !name.endsWith('Base'))
  .map((name) => {
    const code = ApiCode[name];
    return { code, name, type: responseTypeOf(code), message: API_MESSAGES[code] ?? '' };
  });

/** JSON Schema of `code`: one `const` per code, titled with its name and meaning. */
export function resultCodeSchema(codes: readonly number[] = RESULT_CODES.map((c) => c.code)) {
  const wanted = new Set(codes);
  return {
    type: 'integer',
    oneOf: RESULT_CODES.filter((c) => wanted.has(c.code)).map((c) => ({
      const: c.code,
      title: c.name,
      description: `${c.type}: ${c.message}`,
    })),
  } satisfies JsonSchema;
}
