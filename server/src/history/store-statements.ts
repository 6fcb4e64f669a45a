import type Database from 'libsql';

/**
 * The SQL of the history store's reads and writes (store.ts), prepared once per open database.
 * Reads answer raw rows (arrays), mapped by store-schema.ts.
 */

export type StoreStatements = ReturnType<typeof prepareStatements>;

export function prepareStatements(db: Database.Database) {
  return {
    inverters: db
      .prepare(
        'SELECT id, serial, name, strings FROM inverter WHERE device = ? AND serial <> ? ORDER BY id',
      )
      .raw(true),
    rowOf: db.prepare('SELECT id FROM inverter WHERE device = ? AND serial = ?').raw(true),
    addInverter: db.prepare(
      'INSERT INTO inverter (device, serial, name, strings) VALUES (?, ?, ?, ?)',
    ),
    renameInverter: db.prepare('UPDATE inverter SET name = ?, strings = ? WHERE id = ?'),
    putBucket: db.prepare(
      'INSERT OR REPLACE INTO bucket (inv, t, n, avg, max, wh, dc) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    putDay: db.prepare(
      'INSERT OR REPLACE INTO daily (day, inv, wh, peak, peak_at) VALUES (?, ?, ?, ?, ?)',
    ),
    putCounter: db.prepare(
      'INSERT OR REPLACE INTO counter (inv, wall_ms, total_wh) VALUES (?, ?, ?)',
    ),
    getBucket: db
      .prepare('SELECT t, n, avg, max, wh, dc FROM bucket WHERE inv = ? AND t = ?')
      .raw(true),
    getDay: db
      .prepare('SELECT day, wh, peak, peak_at FROM daily WHERE day = ? AND inv = ?')
      .raw(true),
    getCounter: db.prepare('SELECT wall_ms, total_wh FROM counter WHERE inv = ?').raw(true),
    bucketsAt: db
      .prepare(
        'SELECT t, n, avg, max, wh, dc, inv FROM bucket WHERE t >= ? AND t < ? ORDER BY t, inv',
      )
      .raw(true),
    bucketsOf: db
      .prepare(
        'SELECT t, n, avg, max, wh, dc FROM bucket WHERE inv = ? AND t >= ? AND t < ? ORDER BY t',
      )
      .raw(true),
    daysBetween: db
      .prepare(
        'SELECT day, inv, wh, peak, peak_at FROM daily WHERE day >= ? AND day <= ? ORDER BY day, inv',
      )
      .raw(true),
    dayRange: db
      .prepare(
        `SELECT min(day), max(day) FROM daily
         WHERE inv IN (SELECT id FROM inverter WHERE device = ? AND serial <> ?)`,
      )
      .raw(true),
    clearCounters: db.prepare(
      'DELETE FROM counter WHERE inv IN (SELECT id FROM inverter WHERE device = ?)',
    ),
    anyData: db.prepare('SELECT 1 FROM daily LIMIT 1').raw(true),
    prune: db.prepare('DELETE FROM bucket WHERE t < ?'),
  };
}
