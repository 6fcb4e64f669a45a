import { appUrl } from '../base-path';
import { gatewayReach, useGatewayReach } from '../gateway-reach';
import { probeGateway, type ProbeResult } from './gateway-probe';
import { shellActions } from './shell-store';

/** A gateway that answers is asked again this often (a rebuild shows within a minute). */
export const PROBE_EVERY_MS = 60_000;
/** A gateway that does not answer is asked this often, so the page is back soon after it. */
export const RETRY_EVERY_MS = 5_000;
/** The longest wait for the new worker to take over before reloading anyway. */
const TAKE_OVER_MS = 3_000;

/** The message the generated worker (Workbox, prompt mode) answers with skipWaiting(). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

let registration: ServiceWorkerRegistration | undefined;

/** Activates a new worker once installed: only when it belongs to the build running here. */
function adoptNewWorker(): void {
  const worker = registration?.waiting ?? registration?.installing;
  if (!worker) return;
  if (worker.state === 'installed') worker.postMessage(SKIP_WAITING);
  else {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') worker.postMessage(SKIP_WAITING);
    });
  }
}

function onProbe(result: ProbeResult): void {
  if (result === 'unreachable') return gatewayReach.lost();
  gatewayReach.answered();
  if (result === 'same') return adoptNewWorker();
  shellActions.updateFound();
  // Fetch the new worker now, so the reload finds it installed.
  registration?.update().catch(() => undefined);
}

/**
 * "New version — reload": lets the waiting worker take over (it precaches the new build), then
 * reloads. Navigations go to the network first, so the reload gets the gateway's build even
 * while the old worker is still in charge.
 */
export async function reloadToNewVersion(): Promise<void> {
  const worker = registration?.waiting;
  if (worker && navigator.serviceWorker.controller) {
    const tookOver = new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
    worker.postMessage(SKIP_WAITING);
    await Promise.race([tookOver, new Promise((resolve) => setTimeout(resolve, TAKE_OVER_MS))]);
  }
  window.location.reload();
}

/**
 * Registers the generated service worker (web/build/service-worker.ts) and keeps asking the
 * gateway whether it is there and which build it serves: at start, when the tab comes back or
 * the browser goes online, then every PROBE_EVERY_MS (RETRY_EVERY_MS while it is away, also
 * when another part of the page found it away first).
 */
export function startShellWorker(): void {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker
      .register(appUrl('sw.js'), { scope: appUrl('') })
      .then((registered) => {
        registration = registered;
      })
      // Not allowed here (plain http on a LAN address, a private window): the page works without.
      .catch(() => undefined);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  const probeIn = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void probe(), ms);
  };
  const probe = async () => {
    clearTimeout(timer);
    if (running) return;
    running = true;
    // With the browser offline the request can only fail (and logs a network error): the
    // 'online' event probes again.
    const result = document.hidden || !navigator.onLine ? null : await probeGateway();
    running = false;
    if (result) onProbe(result);
    probeIn(useGatewayReach.getState().unreachable ? RETRY_EVERY_MS : PROBE_EVERY_MS);
  };
  useGatewayReach.subscribe((state, before) => {
    if (state.unreachable && !before.unreachable && !running) probeIn(RETRY_EVERY_MS);
  });
  window.addEventListener('online', () => void probe());
  window.addEventListener('offline', () => gatewayReach.lost());
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) void probe();
  });
  void probe();
}
