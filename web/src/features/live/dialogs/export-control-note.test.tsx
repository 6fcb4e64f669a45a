import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerGet, firmwareStatus } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { controlConfig, controlStatus } from '@/testing/power-samples';
import { renderWithProviders } from '@/testing/render-with-providers';
import { liveHandlers } from '../testing/live-handlers';
import { LimitDialog } from './limit-dialog';

const HM800 = '114182352592';
const HMS2000 = '1164a113c7e2';

function renderDialog(serial = HM800) {
  renderWithProviders(<LimitDialog open serial={serial} onClose={() => undefined} />, {
    loggedIn: true,
  });
}

describe('the limit dialog of a governed inverter (issue 35)', () => {
  beforeEach(() => server.use(firmwareStatus('v24'), liveHandlers.limitStatus()));

  it('says export control governs it and that a limit pauses control for the owner’s time', async () => {
    server.use(
      answerGet('api/exportcontrol/status', controlStatus()),
      answerGet('api/exportcontrol/config', controlConfig({ manual_pause_min: 45 })),
    );
    renderDialog();
    expect(await screen.findByTestId('export-control-note')).toHaveTextContent(
      'Export control governs this inverter. A limit sent now pauses its control for 45 minutes; then control takes over again.',
    );
  });

  it('says how long control stays paused after a manual limit', async () => {
    const status = controlStatus();
    const [one] = status.inverters;
    server.use(
      answerGet('api/exportcontrol/status', {
        ...status,
        inverters: [{ ...one!, state: 'paused_manual', paused_until: status.now + 9 * 60_000 }],
      }),
      answerGet('api/exportcontrol/config', controlConfig()),
    );
    renderDialog();
    expect(await screen.findByTestId('export-control-note')).toHaveTextContent(
      'is paused by a manual limit; it takes over again in 9 minutes.',
    );
  });

  it('says nothing of an inverter control does not govern', async () => {
    server.use(
      answerGet('api/exportcontrol/status', controlStatus()),
      answerGet('api/exportcontrol/config', controlConfig()),
    );
    renderDialog(HMS2000);
    await screen.findByRole('spinbutton', { name: 'Limit' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('export-control-note')).not.toBeInTheDocument();
  });

  it('says nothing on a gateway without export control', async () => {
    server.use(http.get('*/api/exportcontrol/status', () => HttpResponse.html('<!doctype html>')));
    renderDialog();
    await screen.findByRole('spinbutton', { name: 'Limit' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('export-control-note')).not.toBeInTheDocument();
  });

  it('is off while control is off', async () => {
    server.use(
      answerGet('api/exportcontrol/status', controlStatus({ enabled: false, state: 'off' })),
      answerGet('api/exportcontrol/config', controlConfig({ enabled: false })),
    );
    renderDialog();
    await screen.findByRole('spinbutton', { name: 'Limit' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('export-control-note')).not.toBeInTheDocument();
  });
});
