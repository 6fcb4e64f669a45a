import type { DeviceConfig } from '@heliodtu/contract/device';
import { DEFAULT_PIN_PROFILE } from '@heliodtu/contract/domain/pin-mapping-file';
import type { PinMappingEntry } from '@heliodtu/contract/pin-mapping';

/** A GET api/device/config answer: built-in pins, gateway display defaults (tests only). */
export const DEVICE_CONFIG: DeviceConfig = {
  curPin: { ...DEFAULT_PIN_PROFILE, name: '' },
  display: {
    rotation: 2,
    power_safe: true,
    screensaver: true,
    contrast: 60,
    locale: 'en',
    diagramduration: 36000,
    diagrammode: 1,
  },
  led: [{ brightness: 100 }, { brightness: 100 }],
};

/** Two profiles of a pin_mapping.json, listed out of order on purpose. */
export const PIN_FILE: unknown[] = [
  {
    name: 'Zeta board',
    links: [{ name: 'Wiring guide', url: 'https://example.org/zeta' }],
    nrf24: { clk: 12, cs: 15, en: 4, irq: 16, miso: 19, mosi: 23 },
    cmt: { clk: -1, cs: -1, fcs: -1, sdio: -1, gpio2: -1, gpio3: -1 },
    display: { type: 2, data: 21, clk: 22, cs: 255, reset: 255 },
    led: { led0: 25, led1: 26 },
  },
  { name: 'Alpha board', nrf24: { clk: 18, cs: 5, en: 4, irq: 16, miso: 19, mosi: 23 } },
];

export const ZETA: PinMappingEntry = {
  ...DEFAULT_PIN_PROFILE,
  name: 'Zeta board',
  links: [{ name: 'Wiring guide', url: 'https://example.org/zeta' }],
  nrf24: { clk: 12, cs: 15, en: 4, irq: 16, miso: 19, mosi: 23 },
  cmt: { clk: -1, cs: -1, fcs: -1, sdio: -1, gpio2: -1, gpio3: -1 },
  display: { type: 2, data: 21, clk: 22, cs: 255, reset: 255 },
  led: { led0: 25, led1: 26 },
};
