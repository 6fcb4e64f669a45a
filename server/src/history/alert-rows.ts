import type Database from 'libsql';
import type { AlertKind } from '@heliodtu/contract/domain/alert-rules';

/**
 * The alerts' rows in the history database (issue 28, schema version 3): the alerts themselves
 * and the delivery journal. A gateway without history keeps them in memory (MemoryAlertRows):
 * the same interface, lost at restart.
 */

/** One alert as stored; times in ms of the gateway clock. */
export interface AlertRecord {
  id: number;
  key: string;
  kind: AlertKind;
  device: string;
  serial: string | null;
  string: number | null;
  code: number | null;
  command: 'limit' | 'power' | null;
  firstSeen: number;
  opened: number;
  cleared: number | null;
}

export type DeliveryChannel = 'webhook' | 'email';
export type DeliveryEvent = 'opened' | 'cleared';
/** pending: owed; sent: the receiver took it; failed: retries gave up; dropped: never sent (quiet hours, cleared meanwhile). */
export type DeliveryState = 'pending' | 'sent' | 'failed' | 'dropped';

export interface DeliveryEntry {
  alert: number;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  state: DeliveryState;
  at: number;
}

export interface AlertRowsApi {
  readonly persistent: boolean;
  open(): AlertRecord[];
  /** Alerts cleared at or after `sinceMs`, the latest cleared first. */
  clearedSince(sinceMs: number): AlertRecord[];
  /** Alerts opened at or after `sinceMs` (open or not). */
  openedSince(sinceMs: number): AlertRecord[];
  byId(id: number): AlertRecord | null;
  insert(record: Omit<AlertRecord, 'id'>): number;
  clear(id: number, at: number): void;
  journal(entry: DeliveryEntry): void;
  delivery(alert: number, channel: DeliveryChannel, event: DeliveryEvent): DeliveryEntry | null;
  /** Entries still owed on a channel, in the order they arose. */
  pending(channel: DeliveryChannel): DeliveryEntry[];
}

type Row = unknown[];
const COLUMNS = 'id, key, kind, device, serial, string, code, command, first_seen, opened, cleared';

const toRecord = (row: Row): AlertRecord => ({
  id: Number(row[0]),
  key: String(row[1]),
  kind: String(row[2]) as AlertKind,
  device: String(row[3]),
  serial: row[4] === null ? null : String(row[4]),
  string: row[5] === null ? null : Number(row[5]),
  code: row[6] === null ? null : Number(row[6]),
  command: row[7] === null ? null : (String(row[7]) as 'limit' | 'power'),
  firstSeen: Number(row[8]),
  opened: Number(row[9]),
  cleared: row[10] === null ? null : Number(row[10]),
});

const toEntry = (row: Row): DeliveryEntry => ({
  alert: Number(row[0]),
  channel: String(row[1]) as DeliveryChannel,
  event: String(row[2]) as DeliveryEvent,
  state: String(row[3]) as DeliveryState,
  at: Number(row[4]),
});

export class SqliteAlertRows implements AlertRowsApi {
  readonly persistent = true;
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      open: db
        .prepare(`SELECT ${COLUMNS} FROM alert WHERE cleared IS NULL ORDER BY opened, id`)
        .raw(true),
      clearedSince: db
        .prepare(`SELECT ${COLUMNS} FROM alert WHERE cleared >= ? ORDER BY cleared DESC, id DESC`)
        .raw(true),
      openedSince: db
        .prepare(`SELECT ${COLUMNS} FROM alert WHERE opened >= ? ORDER BY opened, id`)
        .raw(true),
      byId: db.prepare(`SELECT ${COLUMNS} FROM alert WHERE id = ?`).raw(true),
      insert: db.prepare(
        'INSERT INTO alert (key, kind, device, serial, string, code, command, first_seen, opened) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      clear: db.prepare('UPDATE alert SET cleared = ? WHERE id = ? AND cleared IS NULL'),
      journal: db.prepare(
        'INSERT OR REPLACE INTO alert_delivery (alert, channel, event, state, at) VALUES (?, ?, ?, ?, ?)',
      ),
      delivery: db
        .prepare(
          'SELECT alert, channel, event, state, at FROM alert_delivery WHERE alert = ? AND channel = ? AND event = ?',
        )
        .raw(true),
      pending: db
        .prepare(
          "SELECT alert, channel, event, state, at FROM alert_delivery WHERE channel = ? AND state = 'pending' ORDER BY at, alert, event DESC",
        )
        .raw(true),
    };
  }

  open(): AlertRecord[] {
    return (this.stmts.open.all() as Row[]).map(toRecord);
  }
  clearedSince(sinceMs: number): AlertRecord[] {
    return (this.stmts.clearedSince.all(sinceMs) as Row[]).map(toRecord);
  }
  openedSince(sinceMs: number): AlertRecord[] {
    return (this.stmts.openedSince.all(sinceMs) as Row[]).map(toRecord);
  }
  byId(id: number): AlertRecord | null {
    const row = this.stmts.byId.get(id) as Row | undefined;
    return row ? toRecord(row) : null;
  }
  insert(r: Omit<AlertRecord, 'id'>): number {
    const info = this.stmts.insert.run(
      r.key,
      r.kind,
      r.device,
      r.serial,
      r.string,
      r.code,
      r.command,
      r.firstSeen,
      r.opened,
    );
    return Number(info.lastInsertRowid);
  }
  clear(id: number, at: number): void {
    this.stmts.clear.run(at, id);
  }
  journal(e: DeliveryEntry): void {
    this.stmts.journal.run(e.alert, e.channel, e.event, e.state, e.at);
  }
  delivery(alert: number, channel: DeliveryChannel, event: DeliveryEvent): DeliveryEntry | null {
    const row = this.stmts.delivery.get(alert, channel, event) as Row | undefined;
    return row ? toEntry(row) : null;
  }
  pending(channel: DeliveryChannel): DeliveryEntry[] {
    return (this.stmts.pending.all(channel) as Row[]).map(toEntry);
  }
}

/** The same rows in memory: a gateway with HISTORY=off (or whose database failed). */
export class MemoryAlertRows implements AlertRowsApi {
  readonly persistent = false;
  private readonly alerts: AlertRecord[] = [];
  private readonly entries = new Map<string, DeliveryEntry>();

  open(): AlertRecord[] {
    return this.alerts.filter((a) => a.cleared === null).map((a) => ({ ...a }));
  }
  clearedSince(sinceMs: number): AlertRecord[] {
    return this.alerts
      .filter((a) => a.cleared !== null && a.cleared >= sinceMs)
      .sort((a, b) => (b.cleared ?? 0) - (a.cleared ?? 0) || b.id - a.id)
      .map((a) => ({ ...a }));
  }
  openedSince(sinceMs: number): AlertRecord[] {
    return this.alerts.filter((a) => a.opened >= sinceMs).map((a) => ({ ...a }));
  }
  byId(id: number): AlertRecord | null {
    const found = this.alerts.find((a) => a.id === id);
    return found ? { ...found } : null;
  }
  insert(record: Omit<AlertRecord, 'id'>): number {
    const id = this.alerts.length + 1;
    this.alerts.push({ ...record, id });
    return id;
  }
  clear(id: number, at: number): void {
    const found = this.alerts.find((a) => a.id === id);
    if (found && found.cleared === null) found.cleared = at;
  }
  journal(entry: DeliveryEntry): void {
    this.entries.set(`${entry.alert}|${entry.channel}|${entry.event}`, { ...entry });
  }
  delivery(alert: number, channel: DeliveryChannel, event: DeliveryEvent): DeliveryEntry | null {
    return this.entries.get(`${alert}|${channel}|${event}`) ?? null;
  }
  pending(channel: DeliveryChannel): DeliveryEntry[] {
    return [...this.entries.values()]
      .filter((e) => e.channel === channel && e.state === 'pending')
      .sort((a, b) => a.at - b.at || a.alert - b.alert || (a.event === 'opened' ? -1 : 1));
  }
}
