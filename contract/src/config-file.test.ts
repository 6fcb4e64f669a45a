import { describe, expect, it } from 'vitest';
import { ConfigFileSchema, defaultConfigFile } from './config-file.js';

describe('ConfigFileSchema', () => {
  it('fills every section with defaults', () => {
    const config = defaultConfigFile();
    expect(config.inverters).toHaveLength(10);
    expect(config.inverters[0]?.channel).toHaveLength(6);
    expect(config.device.led).toHaveLength(2);
    expect(config.security.password).toBe('openDTU42');
  });

  it.each([1.5, -3, 2 ** 60, 'x', null])('reads the serial %s as an empty slot', (serial) => {
    const config = ConfigFileSchema.parse({ inverters: [{ serial, name: 'a' }], dtu: { serial } });
    expect(config.inverters[0]?.serial).toBe(0);
    expect(config.inverters[0]?.name).toBe('a');
    expect(config.dtu.serial).toBe(0);
  });

  it('keeps a real 48-bit serial exactly', () => {
    const config = ConfigFileSchema.parse({ inverters: [{ serial: 0x114182952590 }] });
    expect(config.inverters[0]?.serial.toString(16)).toBe('114182952590');
  });

  it('falls back per key when a section has the wrong kind', () => {
    const config = ConfigFileSchema.parse({ mqtt: { port: 'x', lwt: 3 }, ntp: [] });
    expect(config.mqtt.port).toBe(1883);
    expect(config.mqtt.lwt.topic).toBe('dtu/status');
    expect(config.ntp.server).toBe('opendtu.pool.ntp.org');
  });

  it('keeps a string orientation only as a whole pair in range (HelioDTU extension)', () => {
    const channel = (extra: object) =>
      ConfigFileSchema.parse({
        inverters: [{ serial: 1, channel: [{ name: 'E', max_power: 400, ...extra }] }],
      }).inverters[0]?.channel[0];
    expect(channel({ azimuth: 95, tilt: 25 })).toEqual({
      name: 'E',
      max_power: 400,
      yield_total_offset: 0,
      azimuth: 95,
      tilt: 25,
    });
    for (const extra of [
      {},
      { azimuth: 95 },
      { azimuth: 400, tilt: 25 },
      { azimuth: 'x', tilt: 2 },
    ]) {
      expect(channel(extra)).toEqual({ name: 'E', max_power: 400, yield_total_offset: 0 });
    }
  });
});
