/**
 * Picks a number out of a meter's JSON answer by a dotted path: `total_act_power`,
 * `SML.Power_curr`, `emeters.0.power` (a digit segment indexes an array). '' takes the whole
 * payload. Null when the path leads nowhere or to something that is not a finite number; a
 * numeric string ("123.4", as some meters send) counts.
 */
export function pickJsonNumber(payload: unknown, path: string): number | null {
  let node: unknown = payload;
  for (const segment of path === '' ? [] : path.split('.')) {
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)];
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else return null;
  }
  if (typeof node === 'number') return Number.isFinite(node) ? node : null;
  if (typeof node === 'string' && node.trim() !== '') {
    const value = Number(node);
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

/** Reads a payload that is either a plain number or JSON, then picks by the path. */
export function pickPayloadNumber(text: string, path: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return pickJsonNumber(parsed, path);
}

/** Whether a path has the accepted syntax: '' or dot-separated names and indices. */
export function isJsonPathSyntax(path: string): boolean {
  return path === '' || /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/.test(path);
}
