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

/** A piece of a name: a run of digits (by value) or one other character, folded. */
interface Piece {
  /** 0 spaces and punctuation, 1 digits, 2 letters of any script. */
  kind: number;
  text: string;
  value: number;
}

const piecesByName = new Map<string, Piece[]>();

/** A name folded (no accents, lower case) and cut into digit runs and single characters. */
function piecesOf(name: string): Piece[] {
  let pieces = piecesByName.get(name);
  if (!pieces) {
    // Names are few (one per inverter); the bound only keeps renames over months in check.
    if (piecesByName.size > 1000) piecesByName.clear();
    const folded = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    pieces = (folded.match(/\d+|\D/gu) ?? []).map((text) => {
      const kind = /\d/.test(text) ? 1 : /\p{L}/u.test(text) ? 2 : 0;
      return { kind, text, value: kind === 1 ? Number(text) : 0 };
    });
    piecesByName.set(name, pieces);
  }
  return pieces;
}

/** Negative when `a` comes first; names equal but for case or accents by code unit. */
export function compareNames(a: string, b: string): number {
  const x = piecesOf(a);
  const y = piecesOf(b);
  for (let i = 0; i < x.length && i < y.length; i += 1) {
    const p = x[i]!;
    const q = y[i]!;
    const order =
      p.kind - q.kind ||
      (p.kind === 1 ? p.value - q.value : p.text < q.text ? -1 : p.text > q.text ? 1 : 0);
    if (order !== 0) return order;
  }
  return x.length - y.length || (a < b ? -1 : a > b ? 1 : 0);
}
