import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridMeterStatus } from '@heliodtu/contract/grid-meter';
import { liveDataStatusFixture } from '@heliodtu/contract/fixtures/live-data';
import { GRID_METER_POLL_MS, useGridMeterStore, watchGridMeter } from '@/lib/grid-meter-store';
import { server } from '@/testing/msw-server';
import { meterStatus } from '@/testing/power-samples';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LivePage } from './live-page';
import { liveActions } from './live-store';
import { liveHandlers } from './testing/live-handlers';

/** Answers the grid meter's status with `answer` and counts the requests. */
function answerMeter(answer: () => Response) {
  let calls = 0;
  server.use(
    http.get('*/api/gridmeter/status', () => {
      calls += 1;
      return answer();
    }),
  );
  return () => calls;
}

async function renderLive(status: GridMeterStatus) {
  const calls = answerMeter(() => HttpResponse.json(status));
  server.use(liveHandlers.status(), liveHandlers.systemStatus(), liveHandlers.ntpStatus());
  renderWithProviders(<LivePage />);
  await screen.findByTestId('totals');
  return calls;
}

beforeEach(() => {
  liveActions.reset();
  liveActions.select(liveDataStatusFixture.inverters[0]!.serial);
});
afterEach(() => vi.useRealTimers());

describe('House card (issue 35)', () => {
  it('shows import, the house consumption and today’s flow', async () => {
    await renderLive(meterStatus());
    const card = await screen.findByTestId('house-card');
    expect(card).toBeVisible();
    expect(screen.getByRole('region', { name: 'House' })).toBe(card);
    expect(screen.getByTestId('house-grid')).toHaveTextContent('Importing 420 W');
    expect(screen.getByTestId('house-consumption')).toHaveTextContent('1,230 W');
    expect(screen.getByTestId('house-today')).toHaveTextContent('91%');
    expect(screen.getByTestId('house-today')).toHaveTextContent(
      'Imported 2.10 kWh · exported 0.40 kWh',
    );
    expect(screen.queryByTestId('meter-problem')).not.toBeInTheDocument();
    expect(screen.queryByTestId('house-today-partial')).not.toBeInTheDocument();
  });

  it('says when today’s figures cover only the time since a meter set during the day', async () => {
    const base = meterStatus();
    const today = { ...base.today!, counted_from: base.now - 3 * 3_600_000 };
    await renderLive(meterStatus({ today }));
    expect(await screen.findByTestId('house-today-partial')).toHaveTextContent(
      'Counted for the last 3 h only: the meter started during the day.',
    );
  });

  it('says export in words, never as a negative import', async () => {
    await renderLive(meterStatus({ power_w: -150, consumption_w: 460 }));
    expect(await screen.findByTestId('house-grid')).toHaveTextContent('Exporting 150 W');
    expect(screen.getByTestId('house-grid')).not.toHaveTextContent('-');
  });

  it('says why a stale meter gives no value, and how old its last reading is', async () => {
    await renderLive(
      meterStatus({ state: 'stale', power_w: null, consumption_w: null, age_ms: 45_000 }),
    );
    expect(await screen.findByTestId('meter-problem')).toHaveTextContent(
      'The meter has sent no new reading. Last reading 45 s ago.',
    );
    expect(screen.getByTestId('house-grid')).toHaveTextContent('–');
  });

  it('names the sign setting when the readings cannot be right', async () => {
    await renderLive(meterStatus({ state: 'implausible', age_ms: 900 }));
    expect(await screen.findByTestId('meter-problem')).toHaveTextContent(
      /sign setting is probably the wrong way round\. Last reading 1 s ago\./,
    );
  });

  it('words a meter that does not answer, one without a value at its path, and one not heard yet', async () => {
    const states = [
      ['unreachable', 'The meter does not answer.'],
      ['no_path', "The meter's answer has no value at the JSON path."],
      ['waiting', "Waiting for the meter's first reading. No reading yet."],
    ] as const;
    await renderLive(meterStatus());
    await screen.findByTestId('house-card');
    for (const [state, text] of states) {
      // What the next poll would bring.
      const status = meterStatus({ state, power_w: null, age_ms: null, read_at: null });
      act(() => useGridMeterStore.setState({ status }));
      expect(screen.getByTestId('meter-problem')).toHaveTextContent(text);
    }
  });

  it('is not shown while no meter is set', async () => {
    const calls = await renderLive(meterStatus({ source: 'none', state: 'off', today: null }));
    await waitFor(() => expect(calls()).toBeGreaterThan(0));
    // The answer is in, the card stays away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('house-card')).not.toBeInTheDocument();
  });
});

describe('grid meter polling (issue 35)', () => {
  it('asks every 5 s while watched, and stops when the view goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = answerMeter(() => HttpResponse.json(meterStatus()));
    const stop = watchGridMeter();
    await vi.waitFor(() => expect(calls()).toBe(1));
    vi.advanceTimersByTime(GRID_METER_POLL_MS);
    await vi.waitFor(() => expect(calls()).toBe(2));
    stop();
    vi.advanceTimersByTime(3 * GRID_METER_POLL_MS);
    expect(calls()).toBe(2);
  });

  it('stops asking a real OpenDTU device, which answers 404 (or its web page)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = answerMeter(() => new HttpResponse('Not found', { status: 404 }));
    const stop = watchGridMeter();
    await vi.waitFor(() => expect(calls()).toBe(1));
    await vi.waitFor(() => expect(useGridMeterStore.getState().support).toBe('absent'));
    vi.advanceTimersByTime(4 * GRID_METER_POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toBe(1);
    stop();
  });
});
