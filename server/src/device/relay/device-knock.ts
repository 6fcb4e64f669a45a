import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { DeviceTarget } from './device-target.js';

/**
 * While the device cannot be reached at all, it is knocked on this often (a HEAD of its page,
 * nothing read): the moment it answers again the link tries at once instead of waiting out the
 * back-off, so live data is back within a second of a reboot, not up to 30 s later.
 */
export const LINK_PORT_WATCH_MS = 1000;

/** The problems that mean nothing answers at the device's port; a refusal over HTTP is not one. */
export const KNOCKED_PROBLEMS: ReadonlySet<string> = new Set([
  'refused',
  'unreachable',
  'connection-lost',
  'timeout',
]);

/**
 * Knocks on a device that is away for a network reason and calls `onBack` when it answers after
 * a knock that got no answer: only that change counts, so a device that answers all along but
 * keeps failing the handshake is left to the back-off. An HTTP answer, not a bare TCP connect,
 * counts: a proxy or port forwarder in between accepts connections while the device is down,
 * and answers 502–504 for it.
 */
export class DeviceKnock {
  private timer: NodeJS.Timeout | undefined;
  private silent = false;

  constructor(
    private readonly target: DeviceTarget,
    private readonly everyMs: number,
    private readonly onBack: () => void,
  ) {}

  start(): void {
    if (this.timer) return;
    const url = this.target.httpUrl('/');
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    let knocking = false;
    this.timer = setInterval(() => {
      if (knocking) return;
      knocking = true;
      const done = (answered: boolean) => {
        knock.destroy();
        if (!knocking) return;
        knocking = false;
        if (!this.timer) return;
        if (!answered) this.silent = true;
        else if (this.silent) {
          this.silent = false;
          this.onBack();
        }
      };
      const knock = send(url, { method: 'HEAD', agent: false }, (response) => {
        response.resume();
        done((response.statusCode ?? 500) < 500);
      });
      knock.setTimeout(Math.max(100, this.everyMs - 100), () => done(false));
      knock.once('error', () => done(false));
      knock.end();
    }, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.silent = false;
  }
}
