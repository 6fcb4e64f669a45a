/**
 * POSIX TZ strings ("CET-1CEST,M3.5.0,M10.5.0/3"), as the device stores in ntp_timezone
 * (wire-contract §4.9). Implemented by hand because Intl only knows IANA names, and the
 * device knows only the POSIX rule. Offsets here are east-positive seconds (Berlin winter = +3600).
 */

/** When in the year a DST change happens; `time` is seconds after local midnight (may be < 0 or > 24 h). */
export type TransitionRule =
  | { kind: 'M'; month: number; week: number; weekday: number; time: number }
  | { kind: 'J'; day: number; time: number }
  | { kind: 'N'; day: number; time: number };

export interface PosixTz {
  stdName: string;
  /** East-positive seconds (the POSIX text is west-positive). */
  stdOffset: number;
  dst?: { name: string; offset: number; start: TransitionRule; end: TransitionRule };
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
  offsetMinutes: number;
}

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
// The US rules glibc assumes when a DST name comes without rules.
const DEFAULT_START: TransitionRule = { kind: 'M', month: 3, week: 2, weekday: 0, time: 7200 };
const DEFAULT_END: TransitionRule = { kind: 'M', month: 11, week: 1, weekday: 0, time: 7200 };

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  peek(): string {
    return this.text[this.pos] ?? '';
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  match(re: RegExp): string | null {
    const m = re.exec(this.text.slice(this.pos));
    if (!m || m.index !== 0) return null;
    this.pos += m[0].length;
    return m[0];
  }
}

function parseName(c: Cursor): string | null {
  const quoted = c.match(/^<[A-Za-z0-9+-]{3,}>/);
  if (quoted) return quoted.slice(1, -1);
  return c.match(/^[A-Za-z]{3,}/);
}

/** [+-]hh[:mm[:ss]] in seconds; hours up to `maxHours`. */
function parseHms(c: Cursor, maxHours: number): number | null {
  const text = c.match(/^[+-]?\d{1,3}(:\d{1,2}(:\d{1,2})?)?/);
  if (text === null) return null;
  const sign = text.startsWith('-') ? -1 : 1;
  const [h = 0, m = 0, s = 0] = text.replace(/^[+-]/, '').split(':').map(Number);
  if (h > maxHours || m > 59 || s > 59) return null;
  return sign * (h * 3600 + m * 60 + s);
}

function parseRule(c: Cursor): TransitionRule | null {
  let rule: TransitionRule;
  const m = c.match(/^M\d{1,2}\.\d\.\d/);
  if (m) {
    const [month = 0, week = 0, weekday = 0] = m.slice(1).split('.').map(Number);
    if (month < 1 || month > 12 || week < 1 || week > 5 || weekday > 6) return null;
    rule = { kind: 'M', month, week, weekday, time: 7200 };
  } else if (c.peek() === 'J') {
    c.pos++;
    const day = Number(c.match(/^\d{1,3}/) ?? NaN);
    if (!(day >= 1 && day <= 365)) return null;
    rule = { kind: 'J', day, time: 7200 };
  } else {
    const day = Number(c.match(/^\d{1,3}/) ?? NaN);
    if (!(day >= 0 && day <= 365)) return null;
    rule = { kind: 'N', day, time: 7200 };
  }
  if (c.peek() === '/') {
    c.pos++;
    const time = parseHms(c, 167);
    if (time === null) return null;
    rule.time = time;
  }
  return rule;
}

function parse(tz: string): PosixTz | null {
  const c = new Cursor(tz.trim());
  const stdName = parseName(c);
  if (stdName === null) return null;
  const stdWest = parseHms(c, 24);
  if (stdWest === null) return null;
  // `|| 0` keeps -0 out of the offsets ("<+00>0").
  const result: PosixTz = { stdName, stdOffset: -stdWest || 0 };
  if (c.done()) return result;
  const dstName = parseName(c);
  if (dstName === null) return null;
  let dstOffset = result.stdOffset + 3600;
  if (c.peek() !== ',' && !c.done()) {
    const dstWest = parseHms(c, 24);
    if (dstWest === null) return null;
    dstOffset = -dstWest || 0;
  }
  let start = DEFAULT_START;
  let end = DEFAULT_END;
  if (c.peek() === ',') {
    c.pos++;
    const s = parseRule(c);
    if (s === null || c.peek() !== ',') return null;
    c.pos++;
    const e = parseRule(c);
    if (e === null) return null;
    start = s;
    end = e;
  }
  if (!c.done()) return null;
  result.dst = { name: dstName, offset: dstOffset, start, end };
  return result;
}

const cache = new Map<string, PosixTz | null>();

/** Parse a POSIX TZ string (wire-contract §4.9 ntp_timezone); null when it is not valid POSIX. */
export function parsePosixTz(tz: string): PosixTz | null {
  let parsed = cache.get(tz);
  if (parsed === undefined) {
    parsed = parse(tz);
    if (cache.size > 500) cache.clear();
    cache.set(tz, parsed);
  }
  return parsed;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Epoch ms of local midnight (as if UTC) of the rule's day in `year`. */
function ruleDay(rule: TransitionRule, year: number): number {
  const jan1 = Date.UTC(year, 0, 1);
  switch (rule.kind) {
    case 'J':
      // Day 1..365, February 29 never counted.
      return jan1 + (rule.day - 1 + (isLeap(year) && rule.day >= 60 ? 1 : 0)) * DAY_MS;
    case 'N':
      return jan1 + rule.day * DAY_MS;
    case 'M': {
      const first = Date.UTC(year, rule.month - 1, 1);
      const firstWeekday = new Date(first).getUTCDay();
      let day = 1 + ((rule.weekday - firstWeekday + 7) % 7) + (rule.week - 1) * 7;
      const daysInMonth = new Date(Date.UTC(year, rule.month, 0)).getUTCDate();
      while (day > daysInMonth) day -= 7;
      return Date.UTC(year, rule.month - 1, day);
    }
  }
}

/** UTC instants at which the zone switches, for the years around `epochMs`, in time order. */
function transitions(zone: PosixTz, epochMs: number): { at: number; dst: boolean }[] {
  const dst = zone.dst;
  if (!dst) return [];
  const year = new Date(epochMs).getUTCFullYear();
  const list: { at: number; dst: boolean }[] = [];
  for (let y = year - 1; y <= year + 1; y++) {
    // The start time is given in standard time, the end time in daylight time.
    list.push({ at: ruleDay(dst.start, y) + (dst.start.time - zone.stdOffset) * 1000, dst: true });
    list.push({ at: ruleDay(dst.end, y) + (dst.end.time - dst.offset) * 1000, dst: false });
  }
  // On a tie (DST all year: end of one year = start of the next) the start wins.
  return list.sort((a, b) => a.at - b.at || Number(a.dst) - Number(b.dst));
}

function offsetSeconds(zone: PosixTz, epochMs: number): number {
  if (!zone.dst) return zone.stdOffset;
  let inDst = false;
  for (const t of transitions(zone, epochMs)) {
    if (t.at > epochMs) break;
    inDst = t.dst;
  }
  return inDst ? zone.dst.offset : zone.stdOffset;
}

/** East-positive UTC offset in minutes at `epochMs` (Berlin winter = 60); 0 for an unparsable tz. */
export function utcOffsetMinutes(tz: string, epochMs: number): number {
  const zone = parsePosixTz(tz);
  return zone ? offsetSeconds(zone, epochMs) / 60 : 0;
}

/** Local calendar fields of `epochMs` in the POSIX zone `tz` (UTC when unparsable). */
export function localParts(epochMs: number, tz: string): LocalParts {
  const offsetMinutes = utcOffsetMinutes(tz, epochMs);
  const d = new Date(epochMs + offsetMinutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
    offsetMinutes,
  };
}

/**
 * Epoch ms of a local wall time in `tz`. Out-of-range fields roll over like Date.UTC.
 * A time repeated when clocks go back resolves to the earlier instant; a time skipped when
 * clocks go forward is read with the offset before the change (02:30 → 03:30), as Date does.
 */
export function localToEpoch(parts: LocalDateTime, tz: string): number {
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  const zone = parsePosixTz(tz);
  if (!zone) return wall;
  const offsets = zone.dst ? [zone.stdOffset, zone.dst.offset] : [zone.stdOffset];
  const valid = offsets
    .map((o) => wall - o * 1000)
    .filter((t) => wall - offsetSeconds(zone, t) * 1000 === t);
  if (valid.length > 0) return Math.min(...valid);
  return wall - Math.min(...offsets) * 1000;
}
