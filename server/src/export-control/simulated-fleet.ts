import { limitTypeFor } from '@heliodtu/contract/domain/limit-type';
import type { LiveInverterFull } from '@heliodtu/contract/live-data';
import type { FirmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import { SIMULATED_DEVICE_ID } from '../device/device-id.js';
import type { FleetSimulator } from '../device/simulator.js';
import type { GovernableInverter, InverterFleetPort } from './export-control-port.js';
import { TEMPORARY_ABSOLUTE, limitValueProblem } from './temporary-limit.js';

export interface SimulatedFleetOptions {
  device: Pick<
    FleetSimulator,
    'inverterSerials' | 'inverterState' | 'limitTimes' | 'setLimit' | 'simulatedNow'
  >;
  firmware: FirmwareGeneration;
}

/**
 * The simulated fleet as export control sees it (device id `local`). Commands take the path
 * POST /api/limit/config and MQTT take (FleetSimulator.setLimit), so the console shows them,
 * the limit status follows them and the simulated inverters obey them.
 */
export class SimulatedFleet implements InverterFleetPort {
  constructor(private readonly options: SimulatedFleetOptions) {}

  /**
   * The time the simulated DTU has reached, not the clock: its read-backs are stamped with it,
   * and at SIM_SPEED 10 the clock runs up to 10 s ahead of them, so a command stamped by the
   * clock would find every read-back older than itself and never be confirmed.
   */
  now(): number {
    return this.options.device.simulatedNow();
  }

  inverters(): readonly GovernableInverter[] {
    const { device } = this.options;
    return device.inverterSerials().flatMap((serial) => {
      const state = device.inverterState(serial);
      const times = device.limitTimes(serial);
      if (!state || !times) return [];
      return [governableOf(state.live, state.maxPower, state.hasData, times)];
    });
  }

  async sendTemporaryLimit(device: string, serial: string, watts: number): Promise<void> {
    if (device !== SIMULATED_DEVICE_ID) throw new Error(`No device ${device} on this gateway`);
    const problem = limitValueProblem(watts);
    if (problem) throw new Error(problem);
    // Type 0 on both generations; asked of the contract so a new scheme cannot slip past.
    const type = limitTypeFor(TEMPORARY_ABSOLUTE, this.options.firmware);
    if (type !== 0) throw new Error(`No temporary absolute limit type for this firmware`);
    const result = this.options.device.setLimit(serial, watts, TEMPORARY_ABSOLUTE);
    // Commands disabled: dropped and still a success, as the device answers; the read-back tells.
    if (!result.ok) throw new Error(`No inverter ${serial} on this gateway`);
  }
}

function governableOf(
  live: LiveInverterFull,
  maxPower: number,
  hasData: boolean,
  times: { readbackAt: number | null; dataAt: number | null },
): GovernableInverter {
  const max = maxPower > 0 ? maxPower : null;
  return {
    device: SIMULATED_DEVICE_ID,
    serial: live.serial,
    name: live.name,
    reachable: live.reachable,
    power_w: hasData ? (live.AC['0']?.Power.v ?? null) : null,
    inputs_w: Object.values(live.DC).map((input) => input.Power.v ?? 0),
    max_power_w: max,
    readback_w:
      max !== null && times.readbackAt !== null ? (live.limit_relative * max) / 100 : null,
    data_at: times.dataAt,
    readback_at: times.readbackAt,
  };
}
