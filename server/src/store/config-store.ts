import { EventEmitter } from 'node:events';
import { mkdir, readFile, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  ConfigFileSchema,
  defaultConfigFile,
  type ConfigFile,
} from '@heliodtu/contract/config-file';
import { CONFIG_FILE } from '@heliodtu/contract/limits';
import { writeFileAtomic } from './atomic-write.js';

export type ConfigSection = keyof ConfigFile;

interface ConfigStoreEvents {
  /** After a successful save; names the sections whose content changed. */
  saved: [changed: ConfigSection[]];
}

/**
 * The persisted configuration (config.json in the data dir). Reads once at boot; every save
 * is atomic and serialised, and bumps cfg.save_count as the firmware does.
 */
export class ConfigStore extends EventEmitter<ConfigStoreEvents> {
  private current: ConfigFile;
  private queue: Promise<unknown> = Promise.resolve();
  private frozen = false;

  private constructor(
    readonly dataDir: string,
    initial: ConfigFile,
    /** No config.json existed at boot (fresh data dir or factory reset): defaults were used. */
    readonly createdFresh = false,
  ) {
    super();
    this.current = initial;
  }

  get file(): string {
    return path.join(this.dataDir, CONFIG_FILE);
  }

  /** The live configuration. Treat as read-only: change it through `update`. */
  get config(): Readonly<ConfigFile> {
    return this.current;
  }

  static async open(dataDir: string, log: (line: string) => void): Promise<ConfigStore> {
    await mkdir(dataDir, { recursive: true });
    await removeStaleTempFiles(dataDir);
    const file = path.join(dataDir, CONFIG_FILE);
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text === undefined) {
      log('Configuration file not found, using defaults');
      return new ConfigStore(dataDir, defaultConfigFile(), true);
    }
    try {
      // A UTF-8 BOM is skipped, as the firmware does.
      const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error('not a JSON object');
      }
      return new ConfigStore(dataDir, ConfigFileSchema.parse(parsed));
    } catch (error) {
      const aside = `${file}.corrupt-${Date.now()}`;
      await rename(file, aside);
      log(
        `Configuration file is corrupt (${(error as Error).message}); moved to ${path.basename(aside)}, using defaults`,
      );
      return new ConfigStore(dataDir, defaultConfigFile());
    }
  }

  /**
   * Apply `change` to a copy and save it. Returns false when the write failed; the
   * live configuration is then left as it was (the route answers 1006).
   */
  update(change: (draft: ConfigFile) => void): Promise<boolean> {
    const run = async () => {
      // A restored or reset file on disk must not be overwritten from memory before the restart.
      if (this.frozen) return false;
      const draft = structuredClone(this.current);
      change(draft);
      draft.cfg.save_count = this.current.cfg.save_count + 1;
      try {
        await writeFileAtomic(this.file, JSON.stringify(draft));
      } catch {
        return false;
      }
      const changed = (Object.keys(draft) as ConfigSection[]).filter(
        (key) => key !== 'cfg' && JSON.stringify(draft[key]) !== JSON.stringify(this.current[key]),
      );
      this.current = draft;
      this.emit('saved', changed);
      return true;
    };
    const result = this.queue.then(run, run);
    this.queue = result;
    return result;
  }

  /** Refuse every later save (they answer 1006): a restart is pending and the file on disk wins. */
  freeze(): void {
    this.frozen = true;
  }

  /**
   * Shutdown: refuse later saves and wait for the one in progress. That one completes, or,
   * should the process die first, leaves the old file (writeFileAtomic; open() removes the temp).
   */
  async settle(): Promise<void> {
    this.frozen = true;
    await this.queue.catch(() => undefined);
  }

  /** Make sure config.json exists on disk (the firmware writes it at first boot). */
  async ensureWritten(): Promise<void> {
    try {
      await readFile(this.file);
    } catch {
      await this.update(() => undefined);
    }
  }
}

async function removeStaleTempFiles(dataDir: string): Promise<void> {
  const names = await readdir(dataDir);
  await Promise.all(
    names
      .filter((name) => name.endsWith('.tmp'))
      .map((name) => unlink(path.join(dataDir, name)).catch(() => undefined)),
  );
}
