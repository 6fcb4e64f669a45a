/**
 * What a server-rendered live page carries for the browser (issue 26): the live data it was
 * rendered from, its language and the moment it was rendered, in a JSON script element, so
 * the browser hydrates the same markup without asking for the data again.
 */
export const RENDERED_STATE_ID = 'heliodtu-rendered-live';

/**
 * On <html> of a server-rendered live page: index.html's start script (web/build/early-start.ts)
 * then fetches no live data of its own.
 */
export const RENDERED_ATTRIBUTE = 'data-live-rendered';

export interface RenderedLiveState {
  version: 1;
  /** The language the page was rendered in (a built-in one). */
  lang: string;
  /** When the page was rendered (the gateway's ms since 1970); data ages count to it. */
  renderedAt: number;
  /** The live data: `/api/livedata/status` with every inverter's full object. */
  live: unknown;
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPED: Record<string, string> = {
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a <script> element: `<` is written as \u003c, so no `</script>` or `<!--` in a
 * name can end the element or start markup; U+2028/2029 for old JSON parsers alike.
 */
export function scriptJson(value: unknown): string {
  // The gateway writes it into every rendered page: a scan that allocates nothing first, since
  // live data seldom holds such a character, then one pass that replaces them.
  const json = JSON.stringify(value);
  UNSAFE_IN_SCRIPT.lastIndex = 0;
  if (!UNSAFE_IN_SCRIPT.test(json)) return json;
  return json.replace(UNSAFE_IN_SCRIPT, (char) => ESCAPED[char] ?? char);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The state a server-rendered page carries, or null on any other page (or a broken one). */
export function readRenderedState(doc: Document): RenderedLiveState | null {
  const element = doc.getElementById(RENDERED_STATE_ID);
  if (!element) return null;
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (!isRecord(value) || value['version'] !== 1) return null;
    if (typeof value['lang'] !== 'string' || typeof value['renderedAt'] !== 'number') return null;
    return value as unknown as RenderedLiveState;
  } catch {
    return null;
  }
}
