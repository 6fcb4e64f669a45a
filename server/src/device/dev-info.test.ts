import { describe, expect, it } from 'vitest';
import { hardwareOf, modelOfPartNumber } from './dev-info.js';
import { demoFleetSlots } from './demo-fleet.js';

describe('hardware part numbers (inverter-domain §3.2)', () => {
  it.each([
    [269561857, 'HM-800-2T', 800],
    [269561858, 'HM-800-2T', 800],
    [270680323, 'HMS-1600-4T', 1600],
    [269488149, 'HM-300-1T', 210],
    [269488129, 'HM-300-1T', 300],
    [271790337, 'HMT-2250-6T', 2250],
    [4043379713, 'HERF-800', 800],
    [0x10120a01, '', 0],
  ])('%i is %s (%i W)', (partNumber, model, maxPower) => {
    expect(modelOfPartNumber(partNumber)).toEqual({ model, maxPower });
  });
});

describe('hardwareOf', () => {
  it('gives the demo serials their exact models and device info', () => {
    const models = demoFleetSlots().map((slot) => {
      const hardware = hardwareOf(slot.serial.toString(16));
      return [hardware?.devInfo.hw_model_name, hardware?.ratedPower, hardware?.devInfo.max_power];
    });
    expect(models).toEqual([
      ['HM-800-2T', 800, 800],
      ['HMS-2000-4T', 2000, 2000],
      ['HMT-2250-6T', 2250, 2250],
    ]);
  });

  it('picks the exact model from the running number; HM-1000 is not in the part table', () => {
    expect(hardwareOf('116180123457')).toMatchObject({
      ratedPower: 1000,
      devInfo: { hw_model_name: '', max_power: 0, valid_data: true },
    });
    expect(hardwareOf('116180123458')?.devInfo.hw_model_name).toBe('HM-1200-4T');
    expect(hardwareOf('138200000000')?.devInfo.hw_model_name).toBe('HMT-1800-6T');
    expect(hardwareOf('136100000000')?.devInfo.hw_model_name).toBe('HMT-1600-4T');
    expect(hardwareOf('112500000000')?.devInfo.hw_model_name).toBe('HMS-500-1T v2');
    expect(hardwareOf('112400000004')?.devInfo.hw_model_name).toBe('HMS-500-1T');
    expect(hardwareOf('999912345678')).toBeNull();
  });

  it('reports realistic firmware per line', () => {
    expect(hardwareOf('114182352592')?.devInfo).toMatchObject({
      fw_bootloader_version: 104,
      hw_version: '01.00',
      fw_build_datetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) as string,
    });
  });
});
