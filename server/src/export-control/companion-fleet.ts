import { Readable } from 'node:stream';
import { limitTypeFor } from '@heliodtu/contract/domain/limit-type';
import type { LiveInverterFull } from '@heliodtu/contract/live-data';
import type { DeviceCompanion } from '../device/relay/companion.js';
import type { DeviceRegistry, RegisteredDevice } from '../device/relay/device-registry.js';
import type { GovernableInverter, InverterFleetPort } from './export-control-port.js';
import { TEMPORARY_ABSOLUTE, limitValueProblem } from './temporary-limit.js';

/** The nominal maximum changes only with the inverter: its limit status is read this rarely. */
const MAX_POWER_READ_MS = 60_000;
const MAX_POWER_RETRY_MS = 5_000;
const LIMIT_STATUS_PATH = '/api/limit/status';
const LIMIT_CONFIG_PATH = '/api/limit/config';

/** What export control keeps of one device between its live frames. */
interface DeviceState {
  /** max_power per serial from the device's limit status (0 = unknown). */
  maxPower: Map<string, number>;
  /** Host ms of the last limit status read started; undefined before. */
  maxPowerReadAt: number | undefined;
  /** The last limit_relative seen per serial and when it was seen (gateway clock). */
  readback: Map<string, { relative: number; at: number }>;
  /** Gateway clock of the last limit command the device accepted, per serial. */
  commandedAt: Map<string, number>;
  detach: () => void;
}

export interface CompanionFleetOptions {
  registry: DeviceRegistry;
  /** The gateway's clock (on a companion: real time). */
  clock: { now(): number };
  /** Host ms, the clock the companion's live ages run on (Date.now unless a test passes one). */
  hostNow?: () => number;
}

/**
 * Every inverter of every device behind the companion as export control sees it, from each
 * device's live socket (limit_relative, limit_absolute, AC and DC power, reachable); commands
 * go to the device's own POST /api/limit/config with the stored login, as temporary absolute
 * limits of its firmware generation. A device away: its inverters unreachable, its commands
 * refused with a plain message.
 */
export class CompanionFleet implements InverterFleetPort {
  private readonly states = new Map<string, DeviceState>();
  private readonly hostNow: () => number;
  private readonly onAdded = (device: RegisteredDevice) => this.follow(device);
  private readonly onRemoved = (device: RegisteredDevice) => this.unfollow(device.id);

  constructor(private readonly options: CompanionFleetOptions) {
    this.hostNow = options.hostNow ?? Date.now;
    for (const device of options.registry.list()) this.follow(device);
    options.registry.on('added', this.onAdded);
    options.registry.on('removed', this.onRemoved);
  }

  now(): number {
    return this.options.clock.now();
  }

  inverters(): readonly GovernableInverter[] {
    return this.options.registry.list().flatMap((device) => {
      const state = this.states.get(device.id);
      if (!state) return [];
      const { companion } = device;
      const answers = deviceAnswers(companion);
      if (answers) this.refreshMaxPower(companion, state);
      return companion.live.inverterSerials().flatMap((serial) => {
        const received = companion.live.inverterState(serial);
        if (!received) return [];
        return [this.governableOf(device.id, received.live, received.ageMs ?? 0, answers, state)];
      });
    });
  }

  async sendTemporaryLimit(deviceId: string, serial: string, watts: number): Promise<void> {
    const device = this.options.registry.get(deviceId);
    if (!device) throw new Error(`No device ${deviceId} behind this gateway`);
    const problem = limitValueProblem(watts);
    if (problem) throw new Error(problem);
    const { companion } = device;
    if (!deviceAnswers(companion)) {
      const why = companion.problem?.message ?? 'not connected';
      throw new Error(`Device ${deviceId} is away (${why})`);
    }
    const probed = companion.probed;
    const generation = probed?.ok ? probed.generation : 'v24';
    // Type 0 on both generations; 256/257 (v24) and 2/3 (v26) are the persistent ones.
    const data = {
      serial,
      limit_value: watts,
      limit_type: limitTypeFor(TEMPORARY_ABSOLUTE, generation),
    };
    const body = Buffer.from(`data=${encodeURIComponent(JSON.stringify(data))}`);
    const result = await companion.relay.forward('POST', LIMIT_CONFIG_PATH, {
      contentType: 'application/x-www-form-urlencoded',
      contentLength: String(body.length),
      body: Readable.from([body]),
    });
    if (!result.ok) throw new Error(`Device ${deviceId}: ${result.problem.message}`);
    if (result.status !== 200) throw new Error(`Device ${deviceId} answered HTTP ${result.status}`);
    const answer = parseObject(result.body);
    if (answer?.['type'] !== 'success') {
      const message = typeof answer?.['message'] === 'string' ? answer['message'] : 'no answer';
      throw new Error(`Device ${deviceId} refused the limit for ${serial}: ${message}`);
    }
    this.states.get(deviceId)?.commandedAt.set(serial, this.now());
  }

  /** Stops following the registry (the app closes). */
  close(): void {
    this.options.registry.off('added', this.onAdded);
    this.options.registry.off('removed', this.onRemoved);
    for (const id of [...this.states.keys()]) this.unfollow(id);
  }

  private follow(device: RegisteredDevice): void {
    const { live } = device.companion;
    const onUpdate = (serial: string) => this.noteFrame(device.id, serial);
    live.on('update', onUpdate);
    this.states.set(device.id, {
      maxPower: new Map(),
      maxPowerReadAt: undefined,
      readback: new Map(),
      commandedAt: new Map(),
      detach: () => live.off('update', onUpdate),
    });
  }

  private unfollow(id: string): void {
    this.states.get(id)?.detach();
    this.states.delete(id);
  }

  /**
   * A frame is the device's word on the limit: it counts as a read-back when the limit changed,
   * or when it is the first since a command (the inverter may already have had that limit).
   */
  private noteFrame(id: string, serial: string): void {
    const state = this.states.get(id);
    const live = this.options.registry.get(id)?.companion.live.inverterState(serial)?.live;
    if (!state || !live || typeof live.limit_relative !== 'number') return;
    const before = state.readback.get(serial);
    const commanded = state.commandedAt.get(serial);
    const at = this.now();
    const changed = before?.relative !== live.limit_relative;
    if (changed || (commanded !== undefined && (!before || commanded >= before.at))) {
      state.readback.set(serial, { relative: live.limit_relative, at });
    }
  }

  private governableOf(
    device: string,
    live: LiveInverterFull,
    ageMs: number,
    answers: boolean,
    state: DeviceState,
  ): GovernableInverter {
    const fromStatus = state.maxPower.get(live.serial) ?? 0;
    const derived =
      live.limit_absolute >= 0 && live.limit_relative > 0
        ? (live.limit_absolute * 100) / live.limit_relative
        : 0;
    const max = fromStatus > 0 ? fromStatus : derived > 0 ? Math.round(derived) : null;
    // A device reports 0 % until it has read the inverter's limit: 0 counts only once a
    // command of ours was taken (else restoring "what it had" could switch an inverter off).
    const known = live.limit_relative > 0 || state.commandedAt.has(live.serial);
    const readback = !known
      ? null
      : live.limit_absolute >= 0
        ? live.limit_absolute
        : max !== null
          ? (live.limit_relative * max) / 100
          : null;
    return {
      device,
      serial: live.serial,
      name: live.name,
      reachable: answers && live.reachable,
      power_w: live.AC?.['0']?.Power.v ?? null,
      inputs_w: Object.values(live.DC ?? {}).map((input) => input.Power.v ?? 0),
      max_power_w: max,
      readback_w: readback,
      data_at: this.now() - ageMs,
      readback_at: state.readback.get(live.serial)?.at ?? null,
    };
  }

  /** Reads the device's limit status (max_power) once a minute, in the relay's line. */
  private refreshMaxPower(companion: DeviceCompanion, state: DeviceState): void {
    const host = this.hostNow();
    if (state.maxPowerReadAt !== undefined && host - state.maxPowerReadAt < MAX_POWER_READ_MS) {
      return;
    }
    state.maxPowerReadAt = host;
    void companion.relay.cachedGet(LIMIT_STATUS_PATH).then((result) => {
      if (!result.ok || result.status !== 200) {
        // Asked again a few seconds later rather than a minute later.
        state.maxPowerReadAt = host - MAX_POWER_READ_MS + MAX_POWER_RETRY_MS;
        return;
      }
      let unknown = false;
      for (const [serial, entry] of Object.entries(parseObject(result.body) ?? {})) {
        const max = (entry as { max_power?: unknown } | null)?.max_power;
        if (typeof max === 'number' && max > 0) state.maxPower.set(serial, max);
        else unknown = true;
      }
      // Max power comes with the device info, read after the first live data: ask again soon.
      if (unknown) state.maxPowerReadAt = host - MAX_POWER_READ_MS + MAX_POWER_RETRY_MS;
    });
  }
}

/** The device's live socket is up and it answers as an OpenDTU. */
function deviceAnswers(companion: DeviceCompanion): boolean {
  return companion.link.connectedSince !== undefined && companion.problem === null;
}

function parseObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
