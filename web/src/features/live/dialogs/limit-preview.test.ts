import { describe, expect, it } from 'vitest';
import { limitPreview } from './limit-form';

const status = { limit_relative: 100, max_power: 2000, limit_set_status: 'Ok' as const };

describe('limitPreview', () => {
  it('says watts and percent of an absolute limit, and warns outside 2 %..max', () => {
    expect(limitPreview('600', false, status)).toEqual({ watts: 600, percent: 30, warning: null });
    expect(limitPreview('2100', false, status)?.warning).toBe('above');
    expect(limitPreview('39', false, status)?.warning).toBe('below');
    expect(limitPreview('40', false, status)?.warning).toBeNull();
  });

  it('works out the watts of a relative limit when the max power is known', () => {
    expect(limitPreview('50', true, status)).toEqual({ watts: 1000, percent: 50, warning: null });
    expect(limitPreview('50', true, { ...status, max_power: 0 })).toEqual({
      watts: null,
      percent: 50,
      warning: null,
    });
  });

  it('has nothing to say without a number, and no warning while the max power is unknown', () => {
    expect(limitPreview('', false, status)).toBeNull();
    expect(limitPreview('abc', false, status)).toBeNull();
    expect(limitPreview('5000', false, { ...status, max_power: 0 })?.warning).toBeNull();
  });
});
