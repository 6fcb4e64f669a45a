import type { ConfigFile } from '@heliodtu/contract/config-file';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { CONFIG_VERSION_STRING } from '@heliodtu/contract/limits';
import type { ConfiguredRadios } from '@heliodtu/contract/domain/pin-mapping-file';
import type { SystemStatus, TaskDetail } from '@heliodtu/contract/system';
import {
  CURRENT_FIRMWARE_BRANCH,
  FIRMWARE_RELEASES,
  type FirmwareGeneration,
} from '@heliodtu/contract/domain/firmware-generation';
import type { FileSystemFigures, HeapFigures } from './host-figures.js';

/** The simulated board: a 4 MB ESP32-D0WD-V3 without PSRAM running the generic_esp32 build. */
export const BOARD = {
  sdkversion: 'v4.4.7-dirty',
  cpufreq: 240,
  chipmodel: 'ESP32-D0WD-V3',
  chiprevision: 3,
  chipcores: 2,
  flashsize: 4_194_304,
  /** One OTA slot of the default partition table. */
  sketch_total: 1_966_080,
  sketch_used: 1_523_456,
  pioenv: 'generic_esp32',
} as const;

// Stack headroom (bytes) and priority of the tasks the firmware lists, as a quiet ESP32 shows them.
const TASKS: readonly TaskDetail[] = [
  { name: 'IDLE0', stack_watermark: 1_024, priority: 0 },
  { name: 'IDLE1', stack_watermark: 1_040, priority: 0 },
  { name: 'wifi', stack_watermark: 3_668, priority: 23 },
  { name: 'tiT', stack_watermark: 2_092, priority: 18 },
  { name: 'loopTask', stack_watermark: 5_416, priority: 1 },
  { name: 'async_tcp', stack_watermark: 17_896, priority: 3 },
];
const MQTT_TASK: TaskDetail = { name: 'mqttclient', stack_watermark: 4_608, priority: 1 };

export interface SystemStatusInput {
  config: Readonly<ConfigFile>;
  chipId: number;
  uptimeSeconds: number;
  resetReason: string;
  heap: HeapFigures;
  fileSystem: FileSystemFigures;
  cpuTemperature: number;
  /** Radios whose pins are valid in the active pin profile (initialised at boot). */
  radios: ConfiguredRadios;
  /** SIM_FAULTS contains 'radio': both radio chips stop answering. */
  radioFault: boolean;
  /** The release the gateway reports (SIM_FIRMWARE); v24 when absent. */
  firmware?: FirmwareGeneration;
}

/** GET /api/system/status from the board constants and the host's live figures, wire-contract §4.11. */
export function systemStatus(input: SystemStatusInput): SystemStatus {
  const { config, heap, fileSystem, radios } = input;
  // A radio that was never initialised cannot answer either.
  const nrfConnected = radios.nrf && !input.radioFault;
  const cmtConnected = radios.cmt && !input.radioFault;
  return {
    hostname: resolveHostname(config.wifi.hostname, input.chipId),
    sdkversion: BOARD.sdkversion,
    cpufreq: BOARD.cpufreq,
    cputemp: input.cpuTemperature,
    ...heap,
    psram_total: 0,
    psram_used: 0,
    sketch_total: BOARD.sketch_total,
    sketch_used: BOARD.sketch_used,
    ...fileSystem,
    chiprevision: BOARD.chiprevision,
    chipmodel: BOARD.chipmodel,
    chipcores: BOARD.chipcores,
    flashsize: BOARD.flashsize,
    // The MQTT client task exists only while MQTT is enabled.
    task_details: config.mqtt.enabled ? [...TASKS, MQTT_TASK] : [...TASKS],
    resetreason_0: input.resetReason,
    resetreason_1: input.resetReason,
    cfgsavecount: config.cfg.save_count,
    config_version: CONFIG_VERSION_STRING,
    git_hash: FIRMWARE_RELEASES[input.firmware ?? 'v24'],
    ...(input.firmware === 'v26' ? { git_branch: CURRENT_FIRMWARE_BRANCH } : {}),
    pioenv: BOARD.pioenv,
    uptime: input.uptimeSeconds,
    nrf_configured: radios.nrf,
    nrf_connected: nrfConnected,
    // The plus variant is read from the chip, so it is unknown (false) while it does not answer.
    nrf_pvariant: nrfConnected,
    cmt_configured: radios.cmt,
    cmt_connected: cmtConnected,
  };
}
