import { describe, expect, it } from 'vitest';
import { hasReception, nrfReportedRssi, RSSI_NO_RECEPTION, signalQualityPercent } from './rssi.js';

describe('signalQualityPercent', () => {
  it.each([
    [-127, 0],
    [-101, 0],
    [-100, 0],
    [-99, 2],
    [-80, 40],
    [-75, 50],
    [-64, 72],
    [-51, 98],
    [-50, 100],
    [-49, 100],
    [-30, 100],
    [0, 100],
  ])('%i dBm → %i %%', (rssi, percent) => {
    expect(signalQualityPercent(rssi)).toBe(percent);
  });

  it('is linear for fractional values and 0 for non-numbers', () => {
    expect(signalQualityPercent(-72.5)).toBe(55);
    expect(signalQualityPercent(Number.NaN)).toBe(0);
  });
});

describe('hasReception', () => {
  it('is false only for the −127 placeholder and below', () => {
    expect(hasReception(RSSI_NO_RECEPTION)).toBe(false);
    expect(hasReception(-128)).toBe(false);
    expect(hasReception(-126)).toBe(true);
    expect(hasReception(-80)).toBe(true);
    expect(hasReception(Number.NaN)).toBe(false);
  });
});

describe('nrfReportedRssi', () => {
  it('reports −30 above −64 dBm and −80 otherwise', () => {
    expect(nrfReportedRssi(-63)).toBe(-30);
    expect(nrfReportedRssi(-64)).toBe(-80);
    expect(nrfReportedRssi(-90)).toBe(-80);
  });
});
