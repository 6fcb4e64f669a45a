import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  ExportControlConfigSchema,
  type ExportControlConfig,
} from '@heliodtu/contract/export-control';
import {
  EXPORT_CONTROL_COMMAND_SPACING_DEFAULT_S,
  EXPORT_CONTROL_HYSTERESIS_DEFAULT_W,
  EXPORT_CONTROL_MANUAL_PAUSE_DEFAULT_MIN,
} from '@heliodtu/contract/limits';
import { writeFileAtomic } from '../store/atomic-write.js';
import { STATE_DIR } from '../store/chip-id.js';

/**
 * Export control's settings: their own file, DATA_DIR/.heliodtu/export-control.json (written
 * atomically), beside the alert settings rather than in OpenDTU's config.json, whose backup a
 * device would not understand. A factory reset removes it: control is off again.
 */
export const EXPORT_CONTROL_FILE = 'export-control.json';

/** Off, no export, nothing governed: what a fresh gateway has. */
export const DEFAULT_EXPORT_CONTROL_CONFIG: ExportControlConfig = Object.freeze({
  enabled: false,
  target_w: 0,
  hysteresis_w: EXPORT_CONTROL_HYSTERESIS_DEFAULT_W,
  command_spacing_s: EXPORT_CONTROL_COMMAND_SPACING_DEFAULT_S,
  manual_pause_min: EXPORT_CONTROL_MANUAL_PAUSE_DEFAULT_MIN,
  window: { enabled: false, start: '08:00', end: '20:00' },
  inverters: [],
});

/** What the controller reads and writes (its `settings` option). */
export interface ExportControlSettings {
  get(): ExportControlConfig;
  save(next: ExportControlConfig): Promise<void>;
}

/** The settings as stored; a failed write throws and keeps the old ones in force. */
export class ExportControlSettingsFile implements ExportControlSettings {
  private current: ExportControlConfig = DEFAULT_EXPORT_CONTROL_CONFIG;
  private readonly file: string;
  /** Saves one after another, so the file always ends with the last one asked. */
  private queue: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, STATE_DIR, EXPORT_CONTROL_FILE);
  }

  get(): ExportControlConfig {
    return this.current;
  }

  /**
   * Reads the file; a missing one gives the defaults, an unreadable or invalid one too, with
   * control off (the console says why): a damaged file must not start governing inverters.
   */
  async load(log: (line: string) => void, fresh = false): Promise<void> {
    if (fresh) {
      await rm(this.file, { force: true });
      return;
    }
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return;
    }
    try {
      this.current = ExportControlConfigSchema.parse(JSON.parse(text));
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0] ?? '';
      log(`Export control: ${EXPORT_CONTROL_FILE} unreadable, control off (${reason})`);
    }
  }

  save(next: ExportControlConfig): Promise<void> {
    const checked = ExportControlConfigSchema.safeParse(next);
    if (!checked.success) return Promise.reject(new Error('invalid export control settings'));
    const parsed = checked.data;
    const run = this.queue.then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFileAtomic(this.file, `${JSON.stringify(parsed, null, 2)}\n`);
      this.current = parsed;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
