/**
 * Dotted paths into a form's values ('display.contrast', 'led.1.brightness', 'channel.0.name'),
 * the same names the contract rules give their problems, so an error lands at its input.
 */
export function getAtPath(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A copy of `values` with `value` at `path`; arrays stay arrays, nothing is mutated. */
export function setAtPath<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return values;
  const container: unknown = values ?? {};
  const next =
    rest.length === 0 ? value : setAtPath(getAtPath(container, head), rest.join('.'), value);
  if (Array.isArray(container)) {
    const copy: unknown[] = [...(container as unknown[])];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...(container as object), [head]: next } as T;
}
