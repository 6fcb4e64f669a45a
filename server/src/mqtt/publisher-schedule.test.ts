import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfigFile, type ConfigFile } from '@heliodtu/contract/config-file';
import type { ConfigSection, ConfigStore } from '../store/config-store.js';
import { MqttPublisher, type PublisherConnection, type PublisherFleet } from './publisher.js';
import type { DtuFigures } from './publish-topics.js';

/** Timing of the periodic run (integrations §1.3) with fake timers; no broker needed. */

const FIGURES: DtuFigures = {
  uptime: 10,
  ip: '192.168.1.50',
  hostname: 'OpenDTU-A1B2C3',
  heap: { size: 1, free: 1, minfree: 1, maxalloc: 1 },
  wifi: null,
  temperature: null,
};

class FakeStore extends EventEmitter<{ saved: [ConfigSection[]] }> {
  config: ConfigFile = defaultConfigFile();
  save(change: (draft: ConfigFile) => void, sections: ConfigSection[]) {
    const draft = structuredClone(this.config);
    change(draft);
    this.config = draft;
    this.emit('saved', sections);
  }
}

class FakeConnection extends EventEmitter<{ connect: []; disconnect: [] }> {
  readonly topics: string[] = [];
  isConnected = () => true;
  publish = (topic: string) => this.topics.push(topic) > 0;
}

const fleet: PublisherFleet = {
  inverterSerials: () => [],
  inverterState: () => null,
  devInfo: () => null,
  on: () => undefined,
  off: () => undefined,
};

let store: FakeStore;
let connection: FakeConnection;
let lines: string[];
let figures: () => DtuFigures;
let publisher: MqttPublisher;
/** Publish runs so far: each run starts with dtu/uptime. */
const runs = () => connection.topics.filter((t) => t === 'solar/dtu/uptime').length;

beforeEach(() => {
  vi.useFakeTimers();
  store = new FakeStore();
  connection = new FakeConnection();
  lines = [];
  figures = () => FIGURES;
  // `on` returns `this`, which the fakes type as themselves; the methods used are the same.
  publisher = new MqttPublisher({
    connection: connection as unknown as PublisherConnection,
    store: store as unknown as ConfigStore,
    fleet,
    dtuFigures: () => figures(),
    now: () => Date.now(),
    log: (line) => lines.push(line),
  });
});
afterEach(() => {
  publisher.stop();
  vi.useRealTimers();
});

describe('MqttPublisher schedule (integrations §1.3)', () => {
  it('runs at once when connected, then every publish interval', () => {
    publisher.start();
    expect(runs()).toBe(1);
    vi.advanceTimersByTime(4999);
    expect(runs()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(runs()).toBe(2);
    connection.emit('connect');
    expect(runs()).toBe(3);
    vi.advanceTimersByTime(5000);
    expect(runs()).toBe(4);
  });

  it('a shorter interval counts from the last run, not from the next long one', () => {
    store.save((d) => (d.mqtt.publish_interval = 300), ['mqtt']);
    publisher.start();
    vi.advanceTimersByTime(3000);
    store.save((d) => (d.mqtt.publish_interval = 5), ['mqtt']);
    vi.advanceTimersByTime(1999);
    expect(runs()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(runs()).toBe(2);
    // Already overdue when saved: the run comes at once.
    store.save((d) => (d.mqtt.publish_interval = 60), ['mqtt']);
    vi.advanceTimersByTime(10_000);
    store.save((d) => (d.mqtt.publish_interval = 5), ['mqtt']);
    vi.advanceTimersByTime(0);
    expect(runs()).toBe(3);
    // Other sections leave the timer alone.
    store.save((d) => (d.dtu.poll_interval = 7), ['dtu']);
    vi.advanceTimersByTime(4999);
    expect(runs()).toBe(3);
    vi.advanceTimersByTime(1);
    expect(runs()).toBe(4);
  });

  it('a failing run is a console line; the next run still comes', () => {
    figures = () => {
      throw new Error('no figures');
    };
    expect(() => publisher.start()).not.toThrow();
    expect(() => connection.emit('connect')).not.toThrow();
    expect(lines).toContain('MQTT: publish run failed: no figures');
    figures = () => FIGURES;
    vi.advanceTimersByTime(5000);
    expect(runs()).toBe(1);
  });

  it('nothing is sent while disconnected, and the timer keeps going', () => {
    connection.isConnected = () => false;
    publisher.start();
    vi.advanceTimersByTime(20_000);
    expect(connection.topics).toEqual([]);
    connection.isConnected = () => true;
    vi.advanceTimersByTime(5000);
    expect(runs()).toBe(1);
  });
});
