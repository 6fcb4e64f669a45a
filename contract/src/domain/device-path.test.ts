import { describe, expect, it } from 'vitest';
import { devicePath, isCompanionOwnPath } from './device-path.js';

describe('the companion own areas', () => {
  it('names status, devices, history, alerts and the house, with or without the leading slash', () => {
    for (const path of [
      '/api/companion/status',
      'api/companion/devices',
      '/api/history/day',
      'api/alerts/status',
      '/api/gridmeter/status',
      'api/exportcontrol/config?x=1',
    ]) {
      expect(isCompanionOwnPath(path), path).toBe(true);
    }
  });

  it('leaves every OpenDTU area to the devices', () => {
    for (const path of [
      '/api/livedata/status',
      'api/limit/config',
      '/api/ntp/time',
      'api/historyx',
      '/console',
      'api',
      '',
    ]) {
      expect(isCompanionOwnPath(path), path).toBe(false);
    }
  });

  it('prefixes a device path only for a named device', () => {
    expect(devicePath(null, '/api/ntp/config')).toBe('/api/ntp/config');
    expect(devicePath('garden house', '/api/ntp/config')).toBe(
      '/dtu/garden%20house/api/ntp/config',
    );
  });
});
