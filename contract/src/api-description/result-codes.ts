import {
  API_MESSAGES,
  ApiCode,
  ApiCodeCompanion,
  ApiCodeV26,
  responseTypeOf,
  type ApiCodeName,
} from '../codes.js';
import type { JsonSchema } from './json-schema.js';

/** One result code as the description lists it (wire-contract §5, contract/src/codes.ts). */
export interface ResultCodeDoc {
  code: number;
  name: ApiCodeName;
  type: 'success' | 'warning' | 'danger';
  message: string;
  /** Sent only by current firmware (v26.3.30). */
  currentFirmwareOnly: boolean;
}

const ALL_CODES: Readonly<Record<ApiCodeName, number>> = {
  ...ApiCode,
  ...ApiCodeV26,
  ...ApiCodeCompanion,
};

/** Every code the gateway can send (the `…Base` markers never go on the wire). */
export const RESULT_CODES: readonly ResultCodeDoc[] = (Object.keys(ALL_CODES) as ApiCodeName[])
  .filter((name) => !name.endsWith('Base'))
  .map((name) => {
    const code = ALL_CODES[name];
    return {
      code,
      name,
      type: responseTypeOf(code),
      message: API_MESSAGES[code as keyof typeof API_MESSAGES] ?? '',
      currentFirmwareOnly: name in ApiCodeV26,
    };
  })
  .sort((a, b) => a.code - b.code);

/** JSON Schema of `code`: one `const` per code, titled with its name and meaning. */
export function resultCodeSchema(codes: readonly number[] = RESULT_CODES.map((c) => c.code)) {
  const wanted = new Set(codes);
  return {
    type: 'integer',
    oneOf: RESULT_CODES.filter((c) => wanted.has(c.code)).map((c) => ({
      const: c.code,
      title: c.name,
      description: `${c.type}: ${c.message}${c.currentFirmwareOnly ? ' (v26.3.30 only)' : ''}`,
    })),
  } satisfies JsonSchema;
}
