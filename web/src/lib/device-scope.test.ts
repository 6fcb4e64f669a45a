import { afterEach, describe, expect, it } from 'vitest';
import {
  deviceOfSearch,
  deviceScopedPath,
  forScreenDevice,
  setScreenDevice,
  withScreenDevice,
} from './device-scope';

afterEach(() => setScreenDevice(null));

describe('deviceScopedPath', () => {
  it('leaves every path as it is without a device', () => {
    expect(deviceScopedPath('api/ntp/config')).toBe('api/ntp/config');
    expect(deviceScopedPath('/console', null)).toBe('console');
  });

  it("puts the screen's device, or the one given, before a device's path", () => {
    setScreenDevice('roof');
    expect(deviceScopedPath('api/ntp/config')).toBe('dtu/roof/api/ntp/config');
    expect(deviceScopedPath('console')).toBe('dtu/roof/console');
    expect(deviceScopedPath('api/limit/config', 'shed')).toBe('dtu/shed/api/limit/config');
    expect(deviceScopedPath('api/limit/config', null)).toBe('api/limit/config');
  });

  it("never sends the companion's own requests to a device", () => {
    setScreenDevice('roof');
    for (const path of [
      'api/companion/status',
      'api/companion/devices/add',
      'api/i18n/languages',
      'api/security/authenticate',
      'api/history/day',
      'api/gridmeter/status',
      'api/exportcontrol/config',
      // The alerts bell asks on every screen; the alerts are the companion's, of all devices.
      'api/alerts/status',
    ]) {
      expect(deviceScopedPath(path)).toBe(path);
    }
  });

  it('runs a start under another device and restores the screen device after', () => {
    setScreenDevice('roof');
    expect(forScreenDevice('shed', () => deviceScopedPath('api/x'))).toBe('dtu/shed/api/x');
    expect(deviceScopedPath('api/x')).toBe('dtu/roof/api/x');
  });
});

describe('page URLs', () => {
  it('keeps the device across screens, other parameters kept', () => {
    expect(withScreenDevice('/wait?for=reboot', 'shed')).toBe('/wait?for=reboot&dtu=shed');
    expect(withScreenDevice('/settings/ntp', null)).toBe('/settings/ntp');
    setScreenDevice('roof');
    expect(withScreenDevice('/settings/ntp')).toBe('/settings/ntp?dtu=roof');
  });

  it('reads the device a page URL names', () => {
    expect(deviceOfSearch('dtu=roof&edit=1')).toBe('roof');
    expect(deviceOfSearch('?dtu=')).toBeNull();
    expect(deviceOfSearch('')).toBeNull();
  });
});
