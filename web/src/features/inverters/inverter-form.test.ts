import { describe, expect, it } from 'vitest';
import { serialToSend, tabOf, validateAdd, validateEdit } from './inverter-form';
import { BALCONY, GARAGE } from './testing/inverter-list';

const fields = (problems: { field: string }[]) => problems.map((problem) => problem.field);

describe('serialToSend', () => {
  it('converts a HERF label and upper-cases the rest', () => {
    expect(serialToSend('A1100FBT4-19W')).toBe('28210007af44');
    expect(serialToSend('1164a113c7e2')).toBe('1164A113C7E2');
  });
});

describe('validateAdd', () => {
  it('accepts a new serial and a name', () => {
    expect(validateAdd({ serial: '114182952590', name: 'Shed' }, [BALCONY])).toEqual([]);
  });

  it('refuses zero and an unusable unknown text with the matching message', () => {
    expect(validateAdd({ serial: '000000000000', name: 'x' }, [])).toEqual([
      { field: 'serial', code: 4001 },
    ]);
    expect(validateAdd({ serial: 'XYZ', name: 'x' }, [])).toEqual([
      { field: 'serial', key: 'inputserial.format_unknown' },
    ]);
  });

  it('allows an unknown format that still reads as a serial, as the device does', () => {
    expect(validateAdd({ serial: '11418295259', name: 'x' }, [])).toEqual([]);
  });

  it('finds a duplicate whatever its spelling', () => {
    expect(validateAdd({ serial: '1164A113C7E2', name: 'x' }, [GARAGE])).toEqual([
      { field: 'serial', key: 'inverteradmin.SerialDuplicate', params: { name: 'Garage roof' } },
    ]);
  });
});

describe('validateEdit', () => {
  it('does not count the edited inverter as a duplicate of itself', () => {
    expect(validateEdit(BALCONY, [BALCONY, GARAGE])).toEqual([]);
  });

  it('lists problems in tab order and says "required" for an emptied number', () => {
    const values = {
      ...BALCONY,
      name: '',
      reachable_threshold: 0,
      channel: [
        { name: 'Left', max_power: Number.NaN, yield_total_offset: -1 },
        BALCONY.channel[1]!,
      ],
    };
    const problems = validateEdit(values, [BALCONY]);
    expect(fields(problems)).toEqual([
      'name',
      'channel.0.max_power',
      'channel.0.max_power',
      'channel.0.yield_total_offset',
      'reachable_threshold',
    ]);
    expect(problems[1]).toEqual({ field: 'channel.0.max_power', key: 'validation.Required' });
    expect(problems.map((problem) => tabOf(problem.field))).toEqual([
      'general',
      'string',
      'string',
      'string',
      'advanced',
    ]);
  });
});
