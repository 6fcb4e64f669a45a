import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { detectHistory, resetHistorySupport, useHistorySupportStore } from './history-support';

const RANGE = { version: 1, today: '2025-06-21', first_day: null, inverters: [] };
afterEach(resetHistorySupport);

function answer(response: () => Response) {
  let calls = 0;
  server.use(
    http.get('*/api/history/range', () => {
      calls += 1;
      return response();
    }),
  );
  return () => calls;
}

describe('history detection', () => {
  it('finds the API on a HelioDTU gateway, and asks only once', async () => {
    const calls = answer(() => HttpResponse.json(RANGE));
    await Promise.all([detectHistory(), detectHistory()]);
    await detectHistory();
    expect(useHistorySupportStore.getState().support).toBe('available');
    expect(useHistorySupportStore.getState().range?.today).toBe('2025-06-21');
    expect(calls()).toBe(1);
  });

  it('is absent on a device, which answers unknown paths with its index.html', async () => {
    answer(() => HttpResponse.html('<!doctype html><title>OpenDTU</title>'));
    await detectHistory();
    expect(useHistorySupportStore.getState().support).toBe('absent');
  });

  it('is absent on JSON of another shape, and on a failure', async () => {
    answer(() => HttpResponse.json({ version: 2 }));
    await detectHistory();
    expect(useHistorySupportStore.getState().support).toBe('absent');
    resetHistorySupport();
    answer(() => new HttpResponse(null, { status: 500 }));
    await detectHistory();
    expect(useHistorySupportStore.getState().support).toBe('absent');
  });

  it('asks again after a 401 (read-only off), without leaving the page', async () => {
    let locked = true;
    const calls = answer(() =>
      locked ? new HttpResponse(null, { status: 401 }) : HttpResponse.json(RANGE),
    );
    await detectHistory();
    expect(useHistorySupportStore.getState().support).toBe('locked');
    expect(window.location.pathname).toBe('/');
    locked = false;
    await detectHistory();
    expect(useHistorySupportStore.getState().support).toBe('available');
    expect(calls()).toBe(2);
  });
});
