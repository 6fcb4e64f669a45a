import { EventEmitter } from 'node:events';
import type { DeviceOrigin } from '@heliodtu/contract/companion';
import type { LiveDataFullStatus } from '@heliodtu/contract/live-data';
import type { DeviceCompanion } from './companion.js';
import type { DeviceTarget } from './device-target.js';
import { mergedHints, mergedTotal } from './merged-live.js';

/** One device behind the companion: its state, and what the owner calls it. */
export interface RegisteredDevice {
  readonly id: string;
  name: string;
  readonly origin: DeviceOrigin;
  readonly companion: DeviceCompanion;
}

/** Joins a device id and a serial into one key of the merged live source (ids have no NUL). */
const KEY_SEPARATOR = '\u0000';
const keyOf = (id: string, serial: string) => `${id}${KEY_SEPARATOR}${serial}`;

/**
 * Every device the companion stands in front of (issue 27), in the owner's order, each with its
 * own DeviceCompanion that is started when added and stopped when removed at run time. It is
 * also the live source of the merged /livedata socket: every device's inverters, each tagged
 * with its device (`dtu`) while there are several, with the total of all of them; with one
 * device its frames pass unchanged.
 */
export class DeviceRegistry extends EventEmitter<{
  update: [string];
  added: [RegisteredDevice];
  removed: [RegisteredDevice];
}> {
  private readonly devices = new Map<string, RegisteredDevice>();
  private readonly detach = new Map<string, () => void>();
  private order: string[] = [];
  private running = false;
  /** Serials already said to be on two devices (one console line per serial and pair). */
  private readonly saidCollisions = new Set<string>();

  constructor(
    private readonly create: (target: DeviceTarget) => DeviceCompanion,
    private readonly log: (line: string) => void,
  ) {
    super();
  }

  /** Every device in the owner's order. */
  list(): RegisteredDevice[] {
    return this.order.map((id) => this.devices.get(id)!);
  }

  get(id: string): RegisteredDevice | undefined {
    return this.devices.get(id);
  }

  get size(): number {
    return this.order.length;
  }

  /** The first device: unprefixed requests that name no inverter go there. */
  get first(): RegisteredDevice | undefined {
    const id = this.order[0];
    return id === undefined ? undefined : this.devices.get(id);
  }

  /** Adds a device at the end, started at once when the registry runs. */
  add(target: DeviceTarget, name: string, origin: DeviceOrigin): RegisteredDevice {
    if (this.devices.has(target.id)) throw new Error(`device id ${target.id} is taken`);
    const device: RegisteredDevice = {
      id: target.id,
      name,
      origin,
      companion: this.create(target),
    };
    this.devices.set(device.id, device);
    this.order.push(device.id);
    const onUpdate = (serial: string) => {
      this.noteCollision(device, serial);
      this.emit('update', keyOf(device.id, serial));
    };
    device.companion.live.on('update', onUpdate);
    this.detach.set(device.id, () => device.companion.live.off('update', onUpdate));
    if (this.running) device.companion.start();
    this.emit('added', device);
    return device;
  }

  /** Stops a device and forgets it (its history rows stay where they are). */
  async remove(id: string): Promise<RegisteredDevice | undefined> {
    const device = this.devices.get(id);
    if (!device) return undefined;
    this.detach.get(id)?.();
    this.detach.delete(id);
    this.devices.delete(id);
    this.order = this.order.filter((other) => other !== id);
    await device.companion.stop();
    this.emit('removed', device);
    return device;
  }

  /**
   * Puts a new target (address or login changed) in place of a device's: a new companion, at
   * the same place in the order, under `name`.
   */
  async replace(id: string, target: DeviceTarget, name: string): Promise<RegisteredDevice> {
    const old = this.devices.get(id);
    if (!old || target.id !== id) throw new Error(`no device ${id} to replace`);
    const order = [...this.order];
    await this.remove(id);
    const device = this.add(target, name, old.origin);
    this.order = order;
    return device;
  }

  /** The owner's order: the ids given first, in that order, then any not named. */
  setOrder(ids: readonly string[]): void {
    const named = ids.filter((id, i) => this.devices.has(id) && ids.indexOf(id) === i);
    this.order = [...named, ...this.order.filter((id) => !named.includes(id))];
  }

  start(): void {
    this.running = true;
    for (const device of this.list()) device.companion.start();
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.list().map((device) => device.companion.stop()));
  }

  /** The first device (in order) whose live data has `serial`. */
  holderOf(serial: string): RegisteredDevice | undefined {
    return this.list().find((device) => device.companion.live.hasInverter(serial));
  }

  //-- The merged live source (routes/sockets/live-fanout.ts LiveSource)

  inverterSerials(): string[] {
    return this.list().flatMap((device) =>
      device.companion.live.inverterSerials().map((serial) => keyOf(device.id, serial)),
    );
  }

  liveData(key: string): LiveDataFullStatus {
    const at = key.indexOf(KEY_SEPARATOR);
    const device = this.devices.get(key.slice(0, at));
    const serial = key.slice(at + 1);
    if (!device) return { ...this.merged(), inverters: [] };
    const own = device.companion.live.liveData(serial);
    // One device: its frames as it sent them, byte for byte.
    if (this.size === 1) return own;
    return {
      inverters: own.inverters.map((inverter) => ({ ...inverter, dtu: device.id })),
      ...this.merged(),
    };
  }

  /** Total and hints over every device that sent live data. */
  merged(): Pick<LiveDataFullStatus, 'total' | 'hints'> {
    const stores = this.list().map((device) => device.companion.live);
    return {
      total: mergedTotal(stores.flatMap((store) => store.lastTotal ?? [])),
      hints: mergedHints(stores.flatMap((store) => store.lastHints ?? [])),
    };
  }

  private noteCollision(device: RegisteredDevice, serial: string): void {
    for (const other of this.list()) {
      if (other === device || !other.companion.live.hasInverter(serial)) continue;
      const [a, b] = [other.id, device.id].sort();
      const said = `${serial} ${a} ${b}`;
      if (this.saidCollisions.has(said)) continue;
      this.saidCollisions.add(said);
      const first = this.holderOf(serial);
      this.log(
        `Inverter ${serial} is on two devices, ${a} and ${b}: shown on both; requests without ` +
          `a device go to ${first?.id ?? a} (/dtu/<id>/ reaches each)`,
      );
    }
  }
}
