import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { ConsoleLog } from '../device/console-log.js';

const LEVELS: Record<number, string> = { 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// The same levels as ESP-IDF letters, for current firmware's console format.
const LETTERS: Record<number, 'W' | 'E'> = { 40: 'W', 50: 'E', 60: 'E' };

/**
 * Fastify's own logger (pino) options that feed the console log: warnings and errors only, as
 * one readable line each (the device's console shows no request log either).
 */
export function consoleLoggerOptions(consoleLog: ConsoleLog) {
  return {
    level: 'warn',
    stream: {
      write(record: string) {
        try {
          const { level, msg, err } = JSON.parse(record) as {
            level?: number;
            msg?: string;
            err?: { message?: string };
          };
          const detail = err?.message && err.message !== msg ? ` (${err.message})` : '';
          consoleLog.write(`${LEVELS[level ?? 0] ?? 'LOG'}: ${msg ?? ''}${detail}`, {
            level: LETTERS[level ?? 0] ?? 'W',
            tag: 'webapi',
          });
        } catch {
          consoleLog.write(record.trimEnd(), { level: 'W', tag: 'webapi' });
        }
      },
    },
  };
}

/** Writes the web server's start and stop to the console log, as the device's serial output does. */
export const consoleEventsPlugin = fp(
  async (app) => {
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo | string | null;
      const where =
        address && typeof address === 'object'
          ? `${address.address}:${address.port}`
          : String(address);
      app.consoleLog.write(`Web server listening on ${where}`, { tag: 'webapi' });
    });
    app.addHook('preClose', async () => {
      app.consoleLog.write('Web server stopping', { tag: 'webapi' });
    });
  },
  { name: 'console-events', dependencies: ['gateway'] },
);
