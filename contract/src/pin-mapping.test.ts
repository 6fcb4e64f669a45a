import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PIN_PROFILE,
  PIN_UNSET,
  configuredRadios,
  findPinProfile,
  parsePinMappingFile,
} from './domain/pin-mapping-file.js';
import { PinMappingEntrySchema, PinProfileSchema } from './pin-mapping.js';

describe('DEFAULT_PIN_PROFILE', () => {
  it('fits the curPin schema and wires both radios', () => {
    expect(PinProfileSchema.parse(DEFAULT_PIN_PROFILE)).toEqual(DEFAULT_PIN_PROFILE);
    expect(Object.values(DEFAULT_PIN_PROFILE.nrf24).every((p) => p >= 0)).toBe(true);
    const { clk, cs, fcs, sdio } = DEFAULT_PIN_PROFILE.cmt;
    expect([clk, cs, fcs, sdio].every((p) => p >= 0)).toBe(true);
  });
});

describe('parsePinMappingFile', () => {
  it('keeps given pins and links, and fills the rest with the built-in pins', () => {
    const [entry] = parsePinMappingFile([
      {
        name: 'Board',
        links: [{ name: 'Docs', url: 'https://example.org' }],
        nrf24: { clk: 1, cs: 2 },
        eth: { enabled: true, phy_addr: 0 },
        display: { type: 3 },
      },
    ]);
    expect(entry).toEqual({
      ...DEFAULT_PIN_PROFILE,
      name: 'Board',
      links: [{ name: 'Docs', url: 'https://example.org' }],
      nrf24: { ...DEFAULT_PIN_PROFILE.nrf24, clk: 1, cs: 2 },
      eth: { ...DEFAULT_PIN_PROFILE.eth, enabled: true, phy_addr: 0 },
      display: { ...DEFAULT_PIN_PROFILE.display, type: 3 },
    });
  });

  it('ignores malformed pins, categories and links', () => {
    const [entry] = parsePinMappingFile([
      { name: 'Odd', nrf24: { clk: '5', cs: 1.5 }, cmt: 7, eth: { enabled: 1 }, links: 'x' },
    ]);
    expect(entry).toEqual({ ...DEFAULT_PIN_PROFILE, name: 'Odd' });
  });

  // The zod-free reader must keep what the old z.array(PinLinkSchema) accepted, and only that.
  it('keeps links only when every one is a name/url pair, without extra keys', () => {
    const entries = parsePinMappingFile([
      { name: 'a', links: [{ name: 'Docs', url: 'u', extra: 1 }] },
      { name: 'b', links: [{ name: 'Docs', url: 'u' }, { name: 'Half' }] },
      { name: 'c', links: [] },
      { name: 'd', links: [{ name: 1, url: 'u' }] },
    ]);
    expect(entries.map((entry) => entry.links)).toEqual([
      [{ name: 'Docs', url: 'u' }],
      undefined,
      [],
      undefined,
    ]);
    expect(entries.map((entry) => 'links' in entry)).toEqual([true, false, true, false]);
    for (const entry of entries) expect(PinMappingEntrySchema.parse(entry)).toEqual(entry);
  });

  it('skips entries without a string name and reads non-arrays as empty', () => {
    expect(parsePinMappingFile([{ nrf24: {} }, { name: 3 }, null, 'x']).length).toBe(0);
    expect(parsePinMappingFile({ name: 'Board' })).toEqual([]);
    expect(parsePinMappingFile(null)).toEqual([]);
  });
});

describe('findPinProfile', () => {
  const entries = parsePinMappingFile([
    { name: 'A' },
    { name: 'B', led: { led0: 2 } },
    { name: 'B' },
  ]);

  it('finds the first exact match', () => {
    expect(findPinProfile(entries, 'B')?.led.led0).toBe(2);
  });

  it('finds nothing for Default, the empty name or another case', () => {
    expect(findPinProfile(entries, 'Default')).toBeUndefined();
    expect(findPinProfile(entries, '')).toBeUndefined();
    expect(findPinProfile(entries, 'a')).toBeUndefined();
  });
});

describe('configuredRadios', () => {
  const { nrf24, cmt } = DEFAULT_PIN_PROFILE;

  it('finds both radios in the built-in pins', () => {
    expect(configuredRadios(DEFAULT_PIN_PROFILE)).toEqual({ nrf: true, cmt: true });
  });

  it.each(['clk', 'cs', 'en', 'irq', 'miso', 'mosi'] as const)('needs the NRF pin %s', (key) => {
    const profile = { nrf24: { ...nrf24, [key]: PIN_UNSET }, cmt };
    expect(configuredRadios(profile)).toEqual({ nrf: false, cmt: true });
  });

  it.each(['clk', 'cs', 'fcs', 'sdio'] as const)('needs the CMT pin %s', (key) => {
    const profile = { nrf24, cmt: { ...cmt, [key]: PIN_UNSET } };
    expect(configuredRadios(profile)).toEqual({ nrf: true, cmt: false });
  });

  it('does not need the CMT pins gpio2 and gpio3; GPIO 0 counts as set', () => {
    const profile = {
      nrf24: { clk: 0, cs: 0, en: 0, irq: 0, miso: 0, mosi: 0 },
      cmt: { ...cmt, gpio2: PIN_UNSET, gpio3: PIN_UNSET },
    };
    expect(configuredRadios(profile)).toEqual({ nrf: true, cmt: true });
  });
});
