/** ESP-IDF's log levels as v26 firmware prints them, most severe first (wire-current §3). */
export const CONSOLE_LEVELS = ['E', 'W', 'I', 'D', 'V'] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

/** `E (123456) tag: text`: the letter, the uptime in ms in brackets, then the text. */
const ESP_IDF_LINE = /^([EWIDV]) \(\d+\) /;

/** The level of the device's text of one line; null when it has none (v24, the gateway's own). */
export function consoleLevelOf(deviceText: string): ConsoleLevel | null {
  const letter = ESP_IDF_LINE.exec(deviceText)?.[1];
  return letter === undefined ? null : (letter as ConsoleLevel);
}

/** One finished console line, read once on arrival so filtering never parses the buffer again. */
export interface ConsoleLine {
  /** Grows by one per line for the whole visit: a stable key while old lines drop off. */
  readonly id: number;
  /** The line with its time prefix. */
  readonly text: string;
  /** The ESP-IDF level letter of v26 firmware; null for lines without one (v24, the gateway). */
  readonly level: ConsoleLevel | null;
}

export interface ConsoleFilter {
  /** Levels shown; a line of another level is hidden. */
  levels: ReadonlySet<ConsoleLevel>;
  /** Shown lines contain this, ignoring case; '' shows all. */
  search: string;
}

export const ALL_LEVELS: ReadonlySet<ConsoleLevel> = new Set(CONSOLE_LEVELS);

/**
 * The lines a filter keeps. Lines without a level letter always pass the level filter: on a
 * v24 device every line is such a line, and the gateway's own notes carry none either, so
 * hiding them would empty the console exactly where the filter has nothing to go by; the
 * search still narrows them. One pass over the bounded buffer, reading the level found on
 * arrival, so a frame costs no re-parse.
 */
export function filterConsole(
  lines: readonly ConsoleLine[],
  { levels, search }: ConsoleFilter,
): readonly ConsoleLine[] {
  const needle = search.toLowerCase();
  if (needle === '' && levels.size === CONSOLE_LEVELS.length) return lines;
  return lines.filter(
    (line) =>
      (line.level === null || levels.has(line.level)) &&
      (needle === '' || line.text.toLowerCase().includes(needle)),
  );
}

/** `text` cut around each occurrence of `search` (ignoring case), for highlighting. */
export function searchParts(text: string, search: string): { text: string; match: boolean }[] {
  if (search === '') return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const needle = search.toLowerCase();
  // A few letters change length in lower case (İ): then offsets would not match, show it plain.
  if (haystack.length !== text.length) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** The download's name: the local date and time it was taken, e.g. console-2026-04-02_09-05-07.txt. */
export function consoleFileName(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  const time = `${two(date.getHours())}-${two(date.getMinutes())}-${two(date.getSeconds())}`;
  return `console-${day}_${time}.txt`;
}
