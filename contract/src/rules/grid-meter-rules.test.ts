import { describe, expect, it } from 'vitest';
import type { GridMeterConfigData } from '../grid-meter.js';
import { gridMeterConfigProblems } from './grid-meter-rules.js';

const base: GridMeterConfigData = {
  source: 'none',
  invert_sign: false,
  stale_after_s: 30,
  mqtt: { topics: [], json_path: '' },
  http: { url: '', json_path: '', auth: 'none', username: '', interval_s: 5 },
  broker: { url: '', username: '' },
};
const fields = (data: GridMeterConfigData) => gridMeterConfigProblems(data).map((p) => p.field);

describe('grid meter settings rules', () => {
  it('accepts none with empty fields', () => {
    expect(fields(base)).toEqual([]);
  });
  it('checks an http meter: URL, path, login, stale limit', () => {
    const ok = { ...base, source: 'http' as const };
    ok.http = {
      ...base.http,
      url: 'http://127.0.0.1/rpc/EM.GetStatus?id=0',
      json_path: 'total_act_power',
    };
    expect(fields(ok)).toEqual([]);
    expect(fields({ ...ok, http: { ...ok.http, url: 'ftp://x' } })).toEqual(['http.url']);
    expect(fields({ ...ok, http: { ...ok.http, json_path: 'a..b' } })).toEqual(['http.json_path']);
    expect(fields({ ...ok, http: { ...ok.http, auth: 'digest' } })).toEqual(['http.username']);
    expect(fields({ ...ok, stale_after_s: 9 })).toEqual(['stale_after_s']);
    expect(fields({ ...ok, stale_after_s: 10 })).toEqual([]);
  });
  it('checks an mqtt meter: 1–3 topics, no wildcards, broker scheme', () => {
    const ok = {
      ...base,
      source: 'mqtt' as const,
      mqtt: { topics: ['shelly/status/em:0'], json_path: 'total_act_power' },
    };
    expect(fields(ok)).toEqual([]);
    expect(fields({ ...ok, mqtt: { ...ok.mqtt, topics: [] } })).toEqual(['mqtt.topics']);
    expect(fields({ ...ok, mqtt: { ...ok.mqtt, topics: ['a/#'] } })).toEqual(['mqtt.topics.0']);
    expect(fields({ ...ok, broker: { url: 'http://b', username: '' } })).toEqual(['broker.url']);
    expect(fields({ ...ok, broker: { url: 'mqtts://b:8883', username: '' } })).toEqual([]);
    // A companion's MQTT meter needs its own broker; a simulated gateway uses its MQTT.
    expect(gridMeterConfigProblems(ok, { companion: true }).map((p) => p.field)).toEqual([
      'broker.url',
    ]);
    expect(gridMeterConfigProblems(ok, { companion: false })).toEqual([]);
    // The broker is checked whatever the source: it carries a companion's house topics too.
    expect(fields({ ...ok, source: 'none', broker: { url: 'http://b', username: '' } })).toEqual([
      'broker.url',
    ]);
  });
});
