import { describe, expect, it } from 'vitest';
import { ConsoleLog } from './console-log.js';

describe('ConsoleLog', () => {
  it('keeps a bounded backlog of the newest 200 lines, each ending in \\r\\n', () => {
    const echoed: string[] = [];
    const log = new ConsoleLog((line) => echoed.push(line));
    for (let i = 0; i < 250; i++) log.write(`line ${i}`);
    const backlog = log.backlog();
    expect(backlog).toHaveLength(200);
    expect(backlog[0]).toBe('line 50\r\n');
    expect(backlog.at(-1)).toBe('line 249\r\n');
    expect(echoed).toHaveLength(250);
    expect(echoed[0]).toBe('line 0');
  });

  it('tells listeners of each line as written, a line already ending in \\n unchanged', () => {
    const log = new ConsoleLog();
    const seen: string[] = [];
    log.on('line', (line) => seen.push(line));
    log.write('plain');
    log.write('ready\n');
    expect(seen).toEqual(['plain\r\n', 'ready\n']);
  });
});
