import { EventEmitter } from 'node:events';
import {
  formatIdfLogLine,
  logLevelOfLetter,
  type LogLevelLetter,
} from '@heliodtu/contract/domain/log-level';

const BACKLOG_LINES = 200;

interface ConsoleLogEvents {
  line: [text: string];
}

/** What a line is about: its ESP-IDF level and the module (tag) that writes it. */
export interface ConsoleLineInfo {
  /** Default I (info). */
  level?: LogLevelLetter;
  /** Default 'core'; one of LOG_MODULES (log-modules.ts). */
  tag?: string;
}

/**
 * How lines look on the console: the reference (v24.11.7) prints the text alone, current
 * firmware (v26.3.30) in ESP-IDF's format with the level letter and the uptime in ms.
 */
export interface ConsoleLineStyle {
  format(text: string, info: Required<ConsoleLineInfo>): string;
  /** False when the module's log level hides the line (current firmware's logging settings). */
  shows?(tag: string, level: number): boolean;
}

/** Current firmware's console: `I (123456) core: text`, uptime counted from `bootedAt`. */
export function idfConsoleStyle(
  uptimeMs: () => number,
  shows?: (tag: string, level: number) => boolean,
): ConsoleLineStyle {
  return {
    format: (text, info) => formatIdfLogLine(info.level, uptimeMs(), info.tag, text),
    ...(shows ? { shows } : {}),
  };
}

/**
 * The gateway's own log, as the device's serial console shows it. The /console socket
 * streams it; a bounded backlog is replayed to each new client.
 */
export class ConsoleLog extends EventEmitter<ConsoleLogEvents> {
  private readonly lines: string[] = [];

  constructor(
    private readonly echo: (text: string) => void = () => undefined,
    private readonly style?: ConsoleLineStyle,
  ) {
    super();
    this.setMaxListeners(0);
  }

  write(text: string, info: ConsoleLineInfo = {}): void {
    let body = text;
    if (this.style) {
      const full = { level: info.level ?? 'I', tag: info.tag ?? 'core' };
      if (this.style.shows && !this.style.shows(full.tag, logLevelOfLetter(full.level))) return;
      body = this.style.format(text.replace(/\r?\n$/, ''), full);
    }
    const line = body.endsWith('\n') ? body : `${body}\r\n`;
    this.lines.push(line);
    if (this.lines.length > BACKLOG_LINES) this.lines.shift();
    this.echo(line.trimEnd());
    this.emit('line', line);
  }

  /** A writer for one module's lines (at info, the level the simulator writes at). */
  tagged(tag: string): (text: string) => void {
    return (text) => this.write(text, { tag });
  }

  backlog(): readonly string[] {
    return this.lines;
  }
}
