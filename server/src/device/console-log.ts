import { EventEmitter } from 'node:events';

const BACKLOG_LINES = 200;

interface ConsoleLogEvents {
  line: [text: string];
}

/**
 * The gateway's own log, as the device's serial console shows it. The /console socket
 * streams it; a bounded backlog is replayed to each new client.
 */
export class ConsoleLog extends EventEmitter<ConsoleLogEvents> {
  private readonly lines: string[] = [];

  constructor(private readonly echo: (text: string) => void = () => undefined) {
    super();
    this.setMaxListeners(0);
  }

  write(text: string): void {
    const line = text.endsWith('\n') ? text : `${text}\r\n`;
    this.lines.push(line);
    if (this.lines.length > BACKLOG_LINES) this.lines.shift();
    this.echo(line.trimEnd());
    this.emit('line', line);
  }

  backlog(): readonly string[] {
    return this.lines;
  }
}
