import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FollowedDevices } from './followed-devices.js';
import type { HistoryRecorder, RecordedFleet } from './recorder.js';
import { HistoryStore } from './store.js';

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const NEW_YORK = 'EST5EDT,M3.2.0,M11.1.0';

/** A device's source of polls; nothing to read, only the updates matter here. */
class FakeFleet extends EventEmitter implements RecordedFleet {
  constructor(readonly deviceId: string) {
    super();
  }
  inverterState() {
    return null;
  }
  poll(serial: string) {
    this.emit('update', serial);
  }
}

let dir: string;
let store: HistoryStore;
let polls: { device: string; serial: string; recorder: HistoryRecorder }[];
let followed: FollowedDevices;
let mainTz: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'heliodtu-followed-'));
  store = HistoryStore.open(dir, () => undefined);
  polls = [];
  mainTz = BERLIN;
  followed = new FollowedDevices(
    'roof',
    () => mainTz,
    () => store,
    (_fleet, serial, device, recorder) => polls.push({ device, serial, recorder }),
  );
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const heard = () => polls.map((p) => `${p.device} ${p.serial}`);

/** The main device 'roof' attached and 'garage' followed; `pollBoth` polls A on one, B on the other. */
function roofAndGarage() {
  const roof = new FakeFleet('roof');
  const garage = new FakeFleet('garage');
  followed.attachMain(roof);
  followed.follow(garage, () => NEW_YORK);
  const pollBoth = () => {
    roof.poll('A');
    garage.poll('B');
  };
  return { garage, pollBoth };
}

describe('followed devices (issue 27)', () => {
  it('gives each device the days of its own zone, read anew, and others the main one', () => {
    const garage = new FakeFleet('garage');
    let garageTz = NEW_YORK;
    followed.follow(garage, () => garageTz);
    expect(followed.calendar('garage').tz).toBe(NEW_YORK);
    expect(followed.calendar('roof').tz).toBe(BERLIN);
    expect(followed.calendar('removed-long-ago').tz).toBe(BERLIN);
    garageTz = 'UTC0';
    mainTz = 'GMT0BST,M3.5.0/1,M10.5.0';
    expect(followed.calendar('garage').tz).toBe('UTC0');
    expect(followed.calendar('roof').tz).toBe(mainTz);
  });

  it('listens once per device and stops listening to a removed one, never to the main one', () => {
    const { garage, pollBoth } = roofAndGarage();
    followed.follow(garage, () => NEW_YORK);
    pollBoth();
    expect(heard()).toEqual(['roof A', 'garage B']);
    expect(followed.isFurther('garage')).toBe(true);
    expect(followed.isFurther('roof')).toBe(false);

    followed.unfollow('garage');
    followed.unfollow('roof');
    pollBoth();
    expect(heard()).toEqual(['roof A', 'garage B', 'roof A']);
    expect(followed.recorders()).toHaveLength(1);
  });

  it('moves the main device to its new source once attached, and no sooner', () => {
    const early = new FakeFleet('roof');
    followed.follow(early, () => NEW_YORK);
    early.poll('A');
    expect(heard()).toEqual([]);

    const first = new FakeFleet('roof');
    const second = new FakeFleet('roof');
    followed.attachMain(first);
    followed.follow(second, () => NEW_YORK);
    first.poll('A');
    second.poll('B');
    expect(heard()).toEqual(['roof B']);
    expect(followed.calendar('roof').tz).toBe(BERLIN);
  });

  it('hands every device a recorder on the new store once the damaged one is replaced', () => {
    const { pollBoth } = roofAndGarage();
    const before = followed.recorders();
    store.close();
    store = HistoryStore.open(dir, () => undefined, { forceAside: true });
    followed.renewRecorders();
    pollBoth();
    const [onRoof, onGarage] = polls.map((p) => p.recorder);
    // Compared by identity: printing a recorder would read its closed database.
    const current = followed.recorders();
    expect(current[0] === onRoof && current[1] === onGarage).toBe(true);
    expect(before.filter((r) => r === onRoof || r === onGarage)).toHaveLength(0);
    onGarage!.record('B', 'Garage', ['a'], {
      wallMs: Date.now(),
      acW: 100,
      dcW: [100],
      totalWh: 5,
    });
    onGarage!.flush();
    expect(store.inverters('garage').map((i) => i.serial)).toEqual(['B']);
  });
});
