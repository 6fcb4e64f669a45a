import type { EventEmitter } from 'node:events';
import type {
  ExportControlConfig,
  ExportControlSet,
  ExportControlStatus,
} from '@heliodtu/contract/export-control';

/**
 * What the rest of the gateway sees of export control (docs/power-control.md §3): the routes,
 * MQTT's `…/set` topics and Home Assistant entities, the limit route (a manual limit pauses it).
 * The app decorates one as `app.exportControl` on every gateway.
 */
export interface ExportControlEvents {
  /** Something an observer shows changed: on/off, target, state, an inverter's state. */
  changed: [];
}

export interface ExportControlPort extends EventEmitter<ExportControlEvents> {
  status(): ExportControlStatus;
  config(): ExportControlConfig;
  /** Switch on/off or change the target from outside (API, MQTT); saved like the settings. */
  set(change: ExportControlSet): Promise<void>;
  /**
   * The owner sent a limit to this inverter (interface, API, MQTT): if control governs it,
   * control pauses for the owner's pause time. Unknown or ungoverned inverters: nothing.
   */
  manualLimit(device: string, serial: string): void;
}

/** One inverter of one device, as control sees it (docs/power-control.md §3). */
export interface GovernableInverter {
  /** 'local' for the simulated fleet, else the companion's device id. */
  readonly device: string;
  readonly serial: string;
  readonly name: string;
  /** Its device answers and the inverter is reachable. */
  readonly reachable: boolean;
  /** AC power now, W; null without live data. */
  readonly power_w: number | null;
  /** Per DC input: power now, W (to see an input the sun, not the limit, holds back). */
  readonly inputs_w: readonly number[];
  /** The inverter's nominal maximum, W (limit status `max_power`); null while unknown. */
  readonly max_power_w: number | null;
  /** The absolute limit the inverter last reported (relative × max / 100), W; null while unknown. */
  readonly readback_w: number | null;
  /** When its newest live data was taken, epoch ms of the gateway's clock; null when none. */
  readonly data_at: number | null;
  /** When the gateway last saw the read-back change or be re-read, gateway ms; null when never. */
  readonly readback_at: number | null;
}

/** Every inverter of every device the gateway reaches, and the one command control sends. */
export interface InverterFleetPort {
  inverters(): readonly GovernableInverter[];
  /**
   * A temporary (non-persistent) absolute limit, W, with the limit type the device's firmware
   * generation needs. Resolves when the device accepted the command (not when it is confirmed:
   * that is the read-back's job); rejects with a plain message when it refused or is away.
   */
  sendTemporaryLimit(device: string, serial: string, watts: number): Promise<void>;
  /** The gateway's clock, epoch ms (device time on a simulated gateway). */
  now(): number;
}
