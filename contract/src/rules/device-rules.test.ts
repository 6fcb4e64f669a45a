import { describe, expect, it } from 'vitest';
import type { DeviceConfigRequest } from '../device.js';
import {
  DIAGRAM_DURATION,
  DIAGRAM_MODE,
  DISPLAY_CONTRAST,
  DISPLAY_ROTATION,
  LED_BRIGHTNESS,
  PIN_MAPPING_NAME_MAX,
  type Range,
} from '../limits.js';
import { checkDeviceConfig, deviceConfigProblems, postedPinMappingName } from './device-rules.js';

const named = (change: Omit<DeviceConfigRequest, 'curPin'>): DeviceConfigRequest => ({
  curPin: { name: 'Default' },
  ...change,
});

describe('checkDeviceConfig', () => {
  it.each([
    ['', 12001],
    ['p'.repeat(PIN_MAPPING_NAME_MAX), undefined],
    ['p'.repeat(PIN_MAPPING_NAME_MAX + 1), 12001],
    // 32 two-byte characters are 64 bytes: too long for the device's buffer.
    ['ü'.repeat(32), 12001],
    ['ü'.repeat(31), undefined],
  ])('name %j → %s', (name, code) => {
    const failure = checkDeviceConfig({ curPin: { name } });
    expect(failure?.code).toBe(code);
    if (code) expect(failure?.param).toEqual({ max: PIN_MAPPING_NAME_MAX });
  });

  it('reads a missing curPin or name as the empty name', () => {
    expect(postedPinMappingName({ display: {} })).toBe('');
    expect(postedPinMappingName({ curPin: {} })).toBe('');
    expect(checkDeviceConfig({ display: {} })).toEqual({ code: 12001, param: { max: 63 } });
  });

  const bounds = [
    ['rotation', DISPLAY_ROTATION],
    ['contrast', DISPLAY_CONTRAST],
    ['diagramduration', DIAGRAM_DURATION],
    ['diagrammode', DIAGRAM_MODE],
  ] as const;

  it.each(bounds)('%s accepts its spec range and answers 1005 outside it', (field, range) => {
    expect(checkDeviceConfig(named({ display: { [field]: range.min } }))).toBeUndefined();
    expect(checkDeviceConfig(named({ display: { [field]: range.max } }))).toBeUndefined();
    expect(checkDeviceConfig(named({ display: { [field]: range.max + 1 } }))).toEqual({
      code: 1005,
    });
    if (range.min > 0) {
      expect(checkDeviceConfig(named({ display: { [field]: range.min - 1 } }))).toEqual({
        code: 1005,
      });
    }
  });

  it('bounds the locale to 1..2 characters', () => {
    expect(checkDeviceConfig(named({ display: { locale: 'fr' } }))).toBeUndefined();
    expect(checkDeviceConfig(named({ display: { locale: '' } }))).toEqual({ code: 1005 });
    expect(checkDeviceConfig(named({ display: { locale: 'fra' } }))).toEqual({ code: 1005 });
  });

  it('bounds each LED brightness to 0..100', () => {
    const leds = (...values: number[]) =>
      named({ led: values.map((brightness) => ({ brightness })) });
    expect(checkDeviceConfig(leds(LED_BRIGHTNESS.min, LED_BRIGHTNESS.max))).toBeUndefined();
    expect(checkDeviceConfig(leds(LED_BRIGHTNESS.max + 1, 0))).toEqual({ code: 1005 });
    expect(checkDeviceConfig(leds(0, LED_BRIGHTNESS.max + 1))).toEqual({ code: 1005 });
  });
});

describe('deviceConfigProblems', () => {
  const limit = (range: Range) => ({ min: range.min, max: range.max });

  it('finds nothing in a valid post', () => {
    expect(deviceConfigProblems(named({ display: { contrast: 50, locale: 'de' } }))).toEqual([]);
  });

  it('names curPin.name with 12001', () => {
    expect(deviceConfigProblems({ curPin: { name: '' } })).toEqual([
      { field: 'curPin.name', code: 12001, param: { max: PIN_MAPPING_NAME_MAX } },
    ]);
  });

  it.each([
    ['rotation', DISPLAY_ROTATION],
    ['contrast', DISPLAY_CONTRAST],
    ['diagramduration', DIAGRAM_DURATION],
    ['diagrammode', DIAGRAM_MODE],
  ] as const)('names display.%s with 1005 and its bound', (key, range) => {
    expect(deviceConfigProblems(named({ display: { [key]: range.max + 1 } }))).toEqual([
      { field: `display.${key}`, code: 1005, limit: limit(range) },
    ]);
  });

  it('names display.locale and each LED by index', () => {
    expect(deviceConfigProblems(named({ display: { locale: 'fra' } }))).toEqual([
      { field: 'display.locale', code: 1005, limit: { min: 1, max: 2 } },
    ]);
    const led = named({ led: [{ brightness: 5 }, { brightness: LED_BRIGHTNESS.max + 1 }] });
    expect(deviceConfigProblems(led)).toEqual([
      { field: 'led.1.brightness', code: 1005, limit: limit(LED_BRIGHTNESS) },
    ]);
  });

  it('lists every failing field in order; the first is the answer', () => {
    const data: DeviceConfigRequest = {
      curPin: { name: '' },
      display: { contrast: 101, rotation: 4, locale: '' },
      led: [{ brightness: 101 }, { brightness: 101 }],
    };
    expect(deviceConfigProblems(data).map((p) => p.field)).toEqual([
      'curPin.name',
      'display.rotation',
      'display.contrast',
      'display.locale',
      'led.0.brightness',
      'led.1.brightness',
    ]);
    expect(checkDeviceConfig(data)).toEqual({ code: 12001, param: { max: 63 } });
  });
});
