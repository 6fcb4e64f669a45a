import type { FastifyInstance } from 'fastify';
import { readOptions, type GatewayOptions } from './env.js';
import { buildApp } from './app.js';
import type { DeviceClock } from './device/clock.js';
import { CONSOLE_FLUSH_MS } from './routes/sockets/console-socket.js';

/**
 * The only place that listens, reads the environment and handles signals. A reboot closes
 * the listener, waits, and boots again with the configuration re-read from disk.
 *
 * Signals (issue 17): SIGTERM and SIGINT shut down gracefully — app.close() runs the preClose
 * and onClose hooks: sockets get a close frame, in-flight requests (and the config writes they
 * make) finish, MQTT publishes its offline status and disconnects, the config store settles;
 * the history store flushes in its own onClose hook. A second SIGTERM/SIGINT, or a shutdown
 * that takes longer than SHUTDOWN_LIMIT_MS, exits at once. SIGHUP reboots in place (config
 * re-read from disk), as daemons reload on SIGHUP.
 */
const SHUTDOWN_LIMIT_MS = 5000;
const REQUEST_GRACE_MS = 3000;
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

const options = ((): GatewayOptions => {
  try {
    return readOptions();
  } catch (error) {
    // A bad option is the user's typo: say which, without a stack trace.
    process.stderr.write(`HelioDTU: ${(error as Error).message}\n`);
    process.exit(2);
  }
})();
let app: FastifyInstance | undefined;
// Created by the first boot (SIM_START is local time in the configured zone), kept across reboots.
let clock: DeviceClock | undefined;
let stopping = false;
let rebooting = false;
// The boot in progress, if any: a shutdown waits for it so that it closes a whole app.
let booting: Promise<void> = Promise.resolve();

async function boot(): Promise<void> {
  app = await buildApp({
    options,
    logger: true,
    onRestart: (reason) => void reboot(reason),
    ...(clock ? { clock } : {}),
  });
  clock = app.clock;
  const address = await app.listen({ port: options.port, host: options.host });
  process.stdout.write(`HelioDTU listening on ${address}\n`);
}

async function reboot(reason: string): Promise<void> {
  if (rebooting || stopping) return;
  rebooting = true;
  process.stdout.write(`Rebooting (${reason})\n`);
  await app?.close();
  app = undefined;
  await new Promise((resolve) => setTimeout(resolve, options.rebootDelaySeconds * 1000));
  if (!stopping) {
    booting = boot();
    await booting.catch((error: unknown) => {
      // Exit non-zero, so that a service manager restarts the gateway.
      process.stderr.write(`HelioDTU failed to boot again: ${(error as Error).message}\n`);
      process.exit(1);
    });
  }
  rebooting = false;
}

/** One line in the console log (and so on stdout), or on stdout alone between boots. */
function announce(line: string): void {
  if (app) app.consoleLog.write(line);
  else process.stdout.write(`${line}\n`);
}

async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    process.stdout.write(`${signal} again: exiting at once\n`);
    process.exit(128 + (SIGNAL_NUMBERS[signal as keyof typeof SIGNAL_NUMBERS] ?? 0));
  }
  stopping = true;
  setTimeout(() => {
    process.stdout.write(`Shutdown took over ${SHUTDOWN_LIMIT_MS / 1000} s: exiting\n`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  await booting.catch(() => undefined);
  announce(`${signal}: shutting down (closing sockets, finishing saves, disconnecting MQTT)`);
  // The line reaches /console clients with the next flush, before their close frame.
  await new Promise((resolve) => setTimeout(resolve, CONSOLE_FLUSH_MS + 20));
  // Requests still running by then (a stalled upload) are cut, so the exit stays graceful.
  const server = app?.server;
  setTimeout(() => server?.closeAllConnections(), REQUEST_GRACE_MS).unref();
  await app?.close();
  process.stdout.write('HelioDTU stopped\n');
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => {
  if (!app || stopping || rebooting) return;
  // The reboot button's path: saves are refused from now on, the listener goes away and
  // comes back with the configuration read from disk.
  app.system.restart('SIGHUP');
});

// Started by scripts/start.mjs with an IPC channel: when the launcher goes away, even by
// SIGKILL, the channel closes and the gateway shuts down instead of living on as an orphan.
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => void shutdown('launcher gone'));
}

booting = boot();
booting.catch((error: unknown) => {
  process.stderr.write(`HelioDTU failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
