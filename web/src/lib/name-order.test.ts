import { describe, expect, it } from 'vitest';
import { compareNames } from './name-order';

const sorted = (names: string[]) => [...names].sort(compareNames);

describe('name order', () => {
  it('orders numbers in names by value', () => {
    expect(sorted(['Roof 10', 'Roof 2', 'Roof 1', 'Roof 02b', 'Roof 2a'])).toEqual([
      'Roof 1',
      'Roof 2',
      'Roof 2a',
      'Roof 02b',
      'Roof 10',
    ]);
  });

  it('ignores case and accents, as Intl.Collator does at its first level', () => {
    const names = ['zebra', 'Öst', 'Ost', 'apple', 'Été', 'Banana', 'ete', 'Ärger', 'Dach Süd'];
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const ours = sorted(names);
    // Neighbours in our order never stand the other way round for the collator.
    for (let i = 1; i < ours.length; i += 1) {
      expect(collator.compare(ours[i - 1]!, ours[i]!)).toBeLessThanOrEqual(0);
    }
    expect(ours.indexOf('Öst') - ours.indexOf('Ost')).toBe(1);
  });

  it('puts spaces and punctuation before digits before letters', () => {
    expect(sorted(['Garage', '1st floor', '-spare', 'Garage-2', 'Garage 2'])).toEqual([
      '-spare',
      '1st floor',
      'Garage',
      'Garage 2',
      'Garage-2',
    ]);
  });

  it('gives names equal but for case one fixed order, and a name before its longer form', () => {
    expect(compareNames('East', 'east')).not.toBe(0);
    expect(Math.sign(compareNames('East', 'east'))).toBe(-Math.sign(compareNames('east', 'East')));
    expect(compareNames('East', 'East')).toBe(0);
    expect(compareNames('East', 'Eastern')).toBeLessThan(0);
  });
});
