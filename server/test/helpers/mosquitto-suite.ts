import { afterAll, beforeAll } from 'vitest';
import { startMosquitto, type Mosquitto, type MosquittoOptions } from './mosquitto.js';
import { watchBroker, type MqttWatcher } from './mqtt-watcher.js';

export interface MosquittoSuite {
  /** The running broker; only inside tests (it starts in beforeAll). */
  readonly broker: Mosquitto;
  /** A watcher on the suite's broker, closed after the file's tests. */
  watch(...filters: string[]): Promise<MqttWatcher>;
  /** A watcher on another broker URL, closed after the file's tests. */
  watchAt(url: string, ...filters: string[]): Promise<MqttWatcher>;
}

/** One Mosquitto for a test file: started before its tests, stopped after them with every watcher. */
export function useMosquitto(options: MosquittoOptions = {}): MosquittoSuite {
  let started: Mosquitto | undefined;
  const watchers: MqttWatcher[] = [];
  beforeAll(async () => {
    started = await startMosquitto(options);
  });
  afterAll(async () => {
    await Promise.all(watchers.map((w) => w.close()));
    await started?.dispose();
  });
  const suite: MosquittoSuite = {
    get broker() {
      if (!started) throw new Error('the broker starts in beforeAll');
      return started;
    },
    watch: (...filters) => suite.watchAt(suite.broker.url, ...filters),
    async watchAt(url, ...filters) {
      const watcher = await watchBroker(url, filters);
      watchers.push(watcher);
      return watcher;
    },
  };
  return suite;
}
