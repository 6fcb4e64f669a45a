import { describe, expect, it } from 'vitest';
import { deviceMac, stationBssid } from './host-network.js';
import { stationRssi } from './network-status.js';

describe('device identity figures', () => {
  it('derives the station MAC from the chip id and the AP MAC as the next address', () => {
    expect(deviceMac(0x0a1b2c)).toBe('24:0A:C4:0A:1B:2C');
    expect(deviceMac(0x0a1b2c, 1)).toBe('24:0A:C4:0A:1B:2D');
    expect(deviceMac(0xffffff, 1)).toBe('24:0A:C4:00:00:00');
  });

  it('derives a stable unicast BSSID per chip id', () => {
    const bssid = stationBssid(123456);
    expect(bssid).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);
    expect(stationBssid(123456)).toBe(bssid);
    expect(stationBssid(654321)).not.toBe(bssid);
    expect(Number.parseInt(bssid.slice(0, 2), 16) & 0x03).toBe(0);
  });

  it('keeps the RSSI between -70 and -50 dBm', () => {
    for (const chipId of [0, 5, 10, 0xabcdef]) {
      for (let t = 0; t < 400; t += 7) {
        const rssi = stationRssi(chipId, t);
        expect(rssi).toBeGreaterThanOrEqual(-70);
        expect(rssi).toBeLessThanOrEqual(-50);
        expect(Number.isInteger(rssi)).toBe(true);
      }
    }
  });
});
