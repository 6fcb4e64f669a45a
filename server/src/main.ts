import type { FastifyInstance } from 'fastify';
import { readOptions, type GatewayOptions } from './env.js';
import { buildApp } from './app.js';
import type { DeviceClock } from './device/clock.js';

/**
 * The only place that listens, reads the environment and handles signals. A reboot closes
 * the listener, waits, and boots again with the configuration re-read from disk.
 */
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
  process.stdout.write(`Rebooting (${reason})\n`);
  await app?.close();
  app = undefined;
  await new Promise((resolve) => setTimeout(resolve, options.rebootDelaySeconds * 1000));
  if (!stopping) await boot();
}

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: shutting down\n`);
  await app?.close();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

boot().catch((error: unknown) => {
  process.stderr.write(`HelioDTU failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
