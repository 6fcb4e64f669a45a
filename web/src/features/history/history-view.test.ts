import { describe, expect, it } from 'vitest';
import { drillDown, exportQuery, selectionFromSearch, shiftSelection } from './history-view';

const bounds = { firstDay: '2024-11-15', today: '2025-06-21' };

describe('history view state', () => {
  it('reads view and date from the URL, falling back to today for junk or the future', () => {
    expect(selectionFromSearch('?view=month&date=2025-02-10', bounds)).toEqual({
      view: 'month',
      date: '2025-02-10',
    });
    expect(selectionFromSearch('?view=week&date=2025-02-30', bounds)).toEqual({
      view: 'day',
      date: '2025-06-21',
    });
    expect(selectionFromSearch('?date=2025-06-22', bounds).date).toBe('2025-06-21');
  });

  it('steps days across month and year ends, within the recorded range', () => {
    expect(shiftSelection({ view: 'day', date: '2025-03-01' }, -1, bounds)?.date).toBe(
      '2025-02-28',
    );
    expect(shiftSelection({ view: 'day', date: '2024-12-31' }, 1, bounds)?.date).toBe('2025-01-01');
    expect(shiftSelection({ view: 'day', date: '2025-06-21' }, 1, bounds)).toBeNull();
    expect(shiftSelection({ view: 'day', date: '2024-11-15' }, -1, bounds)).toBeNull();
  });

  it('steps months and years to their first day, not past the first or current period', () => {
    expect(shiftSelection({ view: 'month', date: '2025-01-31' }, -1, bounds)?.date).toBe(
      '2024-12-01',
    );
    expect(shiftSelection({ view: 'month', date: '2024-12-01' }, -1, bounds)?.date).toBe(
      '2024-11-01',
    );
    expect(shiftSelection({ view: 'month', date: '2024-11-20' }, -1, bounds)).toBeNull();
    expect(shiftSelection({ view: 'month', date: '2025-05-31' }, 1, bounds)?.date).toBe(
      '2025-06-01',
    );
    expect(shiftSelection({ view: 'month', date: '2025-06-01' }, 1, bounds)).toBeNull();
    expect(shiftSelection({ view: 'year', date: '2025-03-03' }, -1, bounds)?.date).toBe(
      '2024-01-01',
    );
    expect(shiftSelection({ view: 'year', date: '2024-01-01' }, -1, bounds)).toBeNull();
    expect(shiftSelection({ view: 'lifetime', date: '2025-06-21' }, -1, bounds)).toBeNull();
  });

  it('exports buckets for a day and days for the longer views, never past today', () => {
    expect(
      exportQuery({ view: 'day', date: '2025-06-20' }, bounds, { serial: '114182352592' }).query,
    ).toEqual({
      from: '2025-06-20',
      to: '2025-06-20',
      resolution: 'bucket',
      serial: '114182352592',
    });
    expect(exportQuery({ view: 'month', date: '2025-02-10' }, bounds).query).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
      resolution: 'day',
    });
    expect(exportQuery({ view: 'year', date: '2025-02-10' }, bounds).query).toMatchObject({
      from: '2025-01-01',
      to: '2025-06-21',
    });
    expect(exportQuery({ view: 'lifetime', date: '2025-02-10' }, bounds).query).toMatchObject({
      from: '2024-11-15',
      to: '2025-06-21',
    });
    // Longer than the export allows: the newest 3660 days.
    const old = { firstDay: '2000-01-01', today: '2025-06-21' };
    expect(exportQuery({ view: 'lifetime', date: '2025-06-21' }, old).query['from']).toBe(
      '2015-06-15',
    );
  });

  it('drills a bar down one level: day of a month, month of a year, year of the lifetime', () => {
    expect(drillDown('month', '2025-06-08')).toEqual({ view: 'day', date: '2025-06-08' });
    expect(drillDown('year', '2025-06')).toEqual({ view: 'month', date: '2025-06-01' });
    expect(drillDown('lifetime', '2024')).toEqual({ view: 'year', date: '2024-01-01' });
    expect(drillDown('day', '2025-06-08')).toBeNull();
    expect(drillDown('year', '2025-06-08')).toBeNull();
  });
});
