/** `ids` with `id` moved to position `to` (clamped); the same array when nothing moves. */
export function moveId(ids: readonly number[], id: number, to: number): readonly number[] {
  const from = ids.indexOf(id);
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from === target) return ids;
  const next = ids.filter((other) => other !== id);
  next.splice(target, 0, id);
  return next;
}

/**
 * The order to show: an unsaved draft as far as its ids still exist, then any inverter the
 * draft does not know yet (added meanwhile) in the gateway's order. Null draft: the gateway's.
 */
export function mergeOrder(draft: readonly number[] | null, listed: readonly number[]) {
  if (draft === null) return listed;
  const kept = draft.filter((id) => listed.includes(id));
  return [...kept, ...listed.filter((id) => !kept.includes(id))];
}

/** Target index of a row dragged to `y`: how many other rows' middles lie above it. */
export function dropIndex(y: number, otherMiddles: readonly number[]): number {
  return otherMiddles.filter((middle) => middle < y).length;
}
