/**
 * Name order without Intl.Collator: runs of digits by their value ("Roof 2" before "Roof 10"),
 * letters without case or accent ("Öst" beside "Ost"), spaces and punctuation before digits
 * before letters, as Unicode's default collation orders them.
 *
 * Why not Intl.Collator: the gateway renders the sorted overview on the server (issue 26), where
 * the first Intl call maps megabytes of ICU data (built-in-numbers.ts), and a collator of the
 * browser's own language could order differently from the server's and break hydration. This
 * order is the same on both sides whatever the browser's language.
 */

const piecesByName = new Map<string, string[]>();

/** A name folded (no accents, lower case) and cut into digit runs and single characters. */
function piecesOf(name: string): string[] {
  let pieces = piecesByName.get(name);
  if (!pieces) {
    // Names are few (one per inverter); the bound only keeps renames over months in check.
    if (piecesByName.size > 1000) piecesByName.clear();
    pieces =
      name
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/\d+|\D/gu) ?? [];
    piecesByName.set(name, pieces);
  }
  return pieces;
}

/** 0 spaces and punctuation, 1 digits, 2 letters of any script. */
const classOf = (piece: string) => (/\d/.test(piece) ? 1 : /\p{L}/u.test(piece) ? 2 : 0);

/** Negative when `a` comes first; names equal but for case or accents by code unit. */
export function compareNames(a: string, b: string): number {
  const x = piecesOf(a);
  const y = piecesOf(b);
  for (let i = 0; i < x.length && i < y.length; i += 1) {
    const p = x[i]!;
    const q = y[i]!;
    const order =
      classOf(p) - classOf(q) ||
      (classOf(p) === 1 ? Number(p) - Number(q) : p < q ? -1 : p > q ? 1 : 0);
    if (order !== 0) return order;
  }
  return x.length - y.length || (a < b ? -1 : a > b ? 1 : 0);
}
