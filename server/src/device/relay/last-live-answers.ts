import { withAdvancedAges } from './aged-live-data.js';
import type { RelayAnswer } from './device-relay.js';

/** Queries a client can make up are many; the interface asks one list and one per inverter. */
const MAX_KEPT = 64;

interface Kept {
  headers: Record<string, string>;
  body: Buffer;
  /** Host ms the answer arrived. */
  at: number;
}

/**
 * The last good answer of the device's live data per path and query, for while the device is
 * away: the live view keeps loading with the last figures, their ages grown by the time since,
 * instead of an error that reads like the companion itself being gone.
 */
export class LastLiveAnswers {
  private readonly kept = new Map<string, Kept>();
  /** Host ms of the first failed read after the last good one. */
  private failingFrom: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** A good answer; the same one again (shared by the relay's short cache) keeps its time. */
  keep(pathAndQuery: string, answer: RelayAnswer): void {
    if (answer.status !== 200) return;
    this.failingFrom = undefined;
    if (this.kept.get(pathAndQuery)?.body === answer.body) return;
    this.kept.delete(pathAndQuery);
    this.kept.set(pathAndQuery, { headers: answer.headers, body: answer.body, at: this.now() });
    if (this.kept.size > MAX_KEPT) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
  }

  /** A read failed: from now on (until the next good one) the device counts as failing. */
  failed(): void {
    this.failingFrom ??= this.now();
  }

  /** Host ms since when reads fail; undefined while they succeed. */
  get failingSince(): number | undefined {
    return this.failingFrom;
  }

  /** The kept answer with its data ages advanced to now; undefined when none was ever kept. */
  aged(pathAndQuery: string): { headers: Record<string, string>; body: Buffer } | undefined {
    const kept = this.kept.get(pathAndQuery);
    if (!kept) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(kept.body.toString('utf8'));
    } catch {
      return { headers: kept.headers, body: kept.body };
    }
    const aged = withAdvancedAges(parsed, this.now() - kept.at);
    return { headers: kept.headers, body: Buffer.from(JSON.stringify(aged)) };
  }
}
