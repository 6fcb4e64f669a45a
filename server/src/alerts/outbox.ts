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
    const { rows } = this.options;
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

  /** 'sent' or 'failed' after the retries; null when closed meanwhile (still pending). */
  private async deliver(
    event: DeliveryEvent,
    alert: AlertRecord,
  ): Promise<'sent' | 'failed' | null> {
    const { channel, retryMs, log } = this.options;
    for (let attempt = 0; ; attempt++) {
      const problem = await this.options.send(event, alert);
      if (problem === null) return 'sent';
      const wait = retryMs[attempt];
      if (wait === undefined) {
        log(
          `Alerts: ${channel} gave up on alert ${alert.id} (${event}) after ${attempt + 1} attempts: ${problem}`,
        );
        return 'failed';
      }
      log(
        `Alerts: ${channel} delivery of alert ${alert.id} (${event}) failed: ${problem}; retry in ${seconds(wait)}`,
      );
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
