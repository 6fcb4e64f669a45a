import type {
  AlertRecord,
  AlertRowsApi,
  DeliveryChannel,
  DeliveryEntry,
  DeliveryEvent,
} from '../history/alert-rows.js';

/**
 * One delivery channel's queue (webhook, e-mail): every alert opened and cleared becomes a
 * journal entry 'pending' in the history database, sent one at a time in order, marked 'sent'
 * when the receiver took it. A restart resumes what is still pending, so nothing is lost and
 * nothing sent twice (an attempt cut off by the restart itself is the only repeat). While quiet
 * hours hold, nothing is sent; an alert that opened and cleared within them is dropped (the
 * owner sees it in the interface), one still open is sent when they end.
 */

export interface OutboxOptions {
  channel: DeliveryChannel;
  rows: () => AlertRowsApi;
  enabled: () => boolean;
  quiet: () => boolean;
  /** Sends one message; resolves with an error text, or null when the receiver took it. */
  send: (event: DeliveryEvent, alert: AlertRecord) => Promise<string | null>;
  /**
   * A daily digest instead (e-mail): while `due()` is false nothing is sent; then everything
   * pending goes out in one message and `sent()` is told.
   */
  digest?: {
    enabled: () => boolean;
    due: () => boolean;
    send: (items: { event: DeliveryEvent; alert: AlertRecord }[]) => Promise<string | null>;
    sent: () => void;
  };
  /** Waits between attempts, ms: one more attempt than entries. */
  retryMs: readonly number[];
  log: (line: string) => void;
  now: () => number;
}

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

export class AlertOutbox {
  private busy = false;
  private closed = false;
  private wake: (() => void) | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: OutboxOptions) {}

  /** An alert opened or cleared: owed to this channel when it is enabled. */
  note(event: DeliveryEvent, alert: AlertRecord): void {
    const { rows, channel, enabled, now } = this.options;
    if (!enabled()) return;
    const journal = rows();
    if (event === 'cleared') {
      const opening = journal.delivery(alert.id, channel, 'opened');
      // Never told it opened (quiet hours, or the channel came later): nothing to clear.
      if (!opening || opening.state === 'dropped') return;
      if (opening.state === 'pending') {
        journal.journal({ ...opening, state: 'dropped', at: now() });
        return;
      }
    }
    journal.journal({ alert: alert.id, channel, event, state: 'pending', at: now() });
    this.kick();
  }

  start(pollMs = 1000): void {
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  stop(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.wake?.();
  }

  /** Sends what is owed, unless sending already or quiet. */
  kick(): void {
    if (this.busy || this.closed || this.options.quiet() || !this.options.enabled()) return;
    this.busy = true;
    void this.drain().finally(() => {
      this.busy = false;
    });
  }

  private async drain(): Promise<void> {
    const { rows, digest } = this.options;
    if (digest?.enabled()) {
      await this.drainDigest(digest);
      return;
    }
    for (;;) {
      if (this.closed || this.options.quiet() || !this.options.enabled()) return;
      let entry: DeliveryEntry | undefined;
      let alert: AlertRecord | null = null;
      try {
        entry = rows().pending(this.options.channel)[0];
        if (!entry) return;
        alert = rows().byId(entry.alert);
      } catch (error) {
        this.options.log(
          `Alerts: ${this.options.channel} journal unreadable: ${(error as Error).message}`,
        );
        return;
      }
      const state = alert ? await this.deliver(entry.event, alert) : 'failed';
      if (state === null) return;
      try {
        rows().journal({ ...entry, state, at: this.options.now() });
      } catch (error) {
        this.options.log(
          `Alerts: ${this.options.channel} journal not written: ${(error as Error).message}`,
        );
        return;
      }
    }
  }

  private async drainDigest(digest: NonNullable<OutboxOptions['digest']>): Promise<void> {
    const { rows } = this.options;
    if (!digest.due()) return;
    const journal = rows();
    const entries = journal.pending(this.options.channel);
    const items = entries.flatMap((entry) => {
      const alert = journal.byId(entry.alert);
      return alert ? [{ event: entry.event, alert }] : [];
    });
    if (items.length === 0) {
      digest.sent();
      return;
    }
    const state = await this.attempt(`the digest of ${items.length}`, () => digest.send(items));
    if (state === null) return;
    for (const entry of entries) rows().journal({ ...entry, state, at: this.options.now() });
    digest.sent();
  }

  /** 'sent' or 'failed' after the retries; null when closed meanwhile (still pending). */
  private deliver(event: DeliveryEvent, alert: AlertRecord): Promise<'sent' | 'failed' | null> {
    return this.attempt(`alert ${alert.id} (${event})`, () => this.options.send(event, alert));
  }

  private async attempt(
    what: string,
    send: () => Promise<string | null>,
  ): Promise<'sent' | 'failed' | null> {
    const { channel, retryMs, log } = this.options;
    for (let attempt = 0; ; attempt++) {
      const problem = await send();
      if (problem === null) return 'sent';
      const wait = retryMs[attempt];
      if (wait === undefined) {
        log(`Alerts: ${channel} gave up on ${what} after ${attempt + 1} attempts: ${problem}`);
        return 'failed';
      }
      log(`Alerts: ${channel} delivery of ${what} failed: ${problem}; retry in ${seconds(wait)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
      if (this.closed) return null;
    }
  }
}
