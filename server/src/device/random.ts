/**
 * Seeded randomness for the simulation: the same SIM_SEED gives the same weather, links and
 * noise, so tests and demos repeat exactly. Nothing here touches Math.random.
 */

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a of `text`, continued from state `h`. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** The final avalanche, as an unsigned 32-bit number. */
function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of the parts (FNV-1a over their text, then a final avalanche). */
export function hashSeed(...parts: readonly (string | number)[]): number {
  return avalanche(fnv(FNV_OFFSET, parts.join('\u0001')));
}

/**
 * `noise(...parts, last)` for many values of `last`, the parts hashed once: the same numbers,
 * for a draw asked hundreds of thousands of times (the house's flicker in the history backfill).
 */
export function noiseAfter(...parts: readonly (string | number)[]): (last: number) => number {
  const prefix = fnv(FNV_OFFSET, `${parts.join('\u0001')}\u0001`);
  return (last) => avalanche(fnv(prefix, String(last))) / 0x1_0000_0000;
}

/** A stateless draw in [0, 1) for the given parts: the same parts always give the same number. */
export function noise(...parts: readonly (string | number)[]): number {
  return hashSeed(...parts) / 0x1_0000_0000;
}

/** A seeded stream of numbers (mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  }

  /** A new independent stream for a named purpose, derived from this seed and the label. */
  static derive(seed: number, ...labels: readonly (string | number)[]): Random {
    return new Random(hashSeed(seed, ...labels));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Normally distributed (Box-Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}
