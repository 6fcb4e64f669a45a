import { EventEmitter } from 'node:events';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GridMeterConfigDataSchema,
  type GridMeterConfig,
  type GridMeterConfigData,
} from '@heliodtu/contract/grid-meter';
import {
  GRID_METER_HTTP_INTERVAL_DEFAULT_S,
  GRID_METER_STALE_AFTER_DEFAULT_S,
} from '@heliodtu/contract/limits';
import { writeFileAtomic } from '../store/atomic-write.js';
import { STATE_DIR } from '../store/chip-id.js';

/**
 * The grid meter's settings: their own file, DATA_DIR/.heliodtu/grid-meter.json (atomic, 0600),
 * never config.json: they hold the meter's and the broker's passwords.
 */
export const GRID_METER_FILE = 'grid-meter.json';

export interface GridMeterSettings extends Omit<GridMeterConfigData, 'http' | 'broker'> {
  http: GridMeterConfigData['http'] & { password: string };
  broker: GridMeterConfigData['broker'] & { password: string };
}

export function defaultGridMeterSettings(simulated: boolean): GridMeterSettings {
  return {
    source: simulated ? 'simulated' : 'none',
    invert_sign: false,
    stale_after_s: GRID_METER_STALE_AFTER_DEFAULT_S,
    mqtt: { topics: [], json_path: '' },
    http: {
      url: '',
      json_path: 'total_act_power',
      auth: 'none',
      username: '',
      password: '',
      interval_s: GRID_METER_HTTP_INTERVAL_DEFAULT_S,
    },
    broker: { url: '', username: '', password: '' },
  };
}

/** GET's view: passwords replaced by whether they are set. */
export function publicGridMeterSettings(
  s: GridMeterSettings,
  extra: { simulated_available: boolean; companion: boolean },
): GridMeterConfig {
  const { password: httpPassword, ...http } = s.http;
  const { password: brokerPassword, ...broker } = s.broker;
  return {
    source: s.source,
    invert_sign: s.invert_sign,
    stale_after_s: s.stale_after_s,
    mqtt: { topics: [...s.mqtt.topics], json_path: s.mqtt.json_path },
    http: { ...http, password_set: httpPassword !== '' },
    broker: { ...broker, password_set: brokerPassword !== '' },
    ...extra,
  };
}

/** Sent settings over the stored ones: absent passwords kept, '' removes one. */
export function mergeGridMeterSettings(
  stored: GridMeterSettings,
  data: GridMeterConfigData,
): GridMeterSettings {
  return {
    source: data.source,
    invert_sign: data.invert_sign,
    stale_after_s: data.stale_after_s,
    mqtt: { topics: [...data.mqtt.topics], json_path: data.mqtt.json_path },
    http: { ...data.http, password: data.http.password ?? stored.http.password },
    broker: { ...data.broker, password: data.broker.password ?? stored.broker.password },
  };
}

/** Emits `saved` after every successful save (the own broker connection follows it). */
export class GridMeterSettingsStore extends EventEmitter<{ saved: [] }> {
  private current: GridMeterSettings;
  readonly file: string;

  constructor(dataDir: string, simulated: boolean) {
    super();
    this.file = path.join(dataDir, STATE_DIR, GRID_METER_FILE);
    this.current = defaultGridMeterSettings(simulated);
  }

  get settings(): GridMeterSettings {
    return this.current;
  }

  /** Reads the file; a missing one keeps the defaults, an unreadable one too (logged). */
  async load(log: (line: string) => void): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return;
    }
    try {
      const parsed = GridMeterConfigDataSchema.parse(JSON.parse(text));
      this.current = mergeGridMeterSettings(defaultGridMeterSettings(false), parsed);
    } catch (error) {
      log(
        `Grid meter: ${GRID_METER_FILE} unreadable, using defaults (${(error as Error).message})`,
      );
    }
  }

  async save(next: GridMeterSettings): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`);
    this.current = next;
    this.emit('saved');
  }
}
