import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { SystemInfoPage } from './system-info-page';
import { SYSTEM_SAMPLE } from './testing/system-sample';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';

const COMPARE = 'https://api.github.com/repos/tbnobody/OpenDTU/compare/:range';

function cell(label: string) {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr');
  if (!row) throw new Error(`no row ${label}`);
  return within(row).getByRole('cell');
}

describe('SystemInfoPage', () => {
  it('shows the status: firmware, uptime as days + time, memory percentages, tasks', async () => {
    server.use(answerGet('api/system/status', SYSTEM_SAMPLE));
    renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
    expect(await screen.findByText('OpenDTU-ABC123')).toBeVisible();
    expect(cell('Firmware version / git hash')).toHaveTextContent('v24.11.7-3-gabc1234');
    expect(within(cell('Firmware version / git hash')).getByRole('link')).toHaveAttribute(
      'href',
      'https://github.com/tbnobody/OpenDTU/commits/abc1234',
    );
    expect(screen.getByTestId('uptime')).toHaveTextContent(/^1 day 02:03:0\d$/);
    const heap = screen.getByTestId('memory-Heap');
    expect(within(heap).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
    // Phones show the figures under the bar instead of in three columns of their own.
    expect(within(heap).getByTestId('figures').textContent).toBe(
      '200\u00a0kB of 300\u00a0kB used, 100\u00a0kB free',
    );
    expect(screen.getByTestId('fragmentation')).toHaveTextContent('75%');
    expect(screen.queryByTestId('memory-PsRam')).toBeNull();
    expect(screen.getByTestId('task-loopTask')).toHaveTextContent('Main loop');
    expect(screen.getByTestId('task-custom')).toHaveTextContent('custom');
  });

  it('asks the code host nothing until the check is switched on, then shows the badge', async () => {
    let asked = 0;
    server.use(
      answerGet('api/system/status', SYSTEM_SAMPLE),
      http.get(COMPARE, () => {
        asked += 1;
        return HttpResponse.json({ total_commits: 0, html_url: 'https://github.com/x' });
      }),
    );
    const { user } = renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
    const toggle = await screen.findByRole('switch', { name: 'Check for new versions' });
    expect(toggle).not.toBeChecked();
    expect(asked).toBe(0);
    await user.click(toggle);
    expect(await screen.findByText('Up to date')).toBeVisible();
    expect(asked).toBe(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.allowVersionInfo)).toBe('1');
    await user.click(toggle);
    expect(window.localStorage.getItem(STORAGE_KEYS.allowVersionInfo)).toBe('0');
    expect(screen.queryByText('Up to date')).toBeNull();
  });

  it('shows the grey badge when the code host cannot be reached', async () => {
    window.localStorage.setItem(STORAGE_KEYS.allowVersionInfo, '1');
    server.use(
      answerGet('api/system/status', SYSTEM_SAMPLE),
      http.get(COMPARE, () => HttpResponse.error()),
    );
    renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
    expect(await screen.findByText('Could not check for a newer version')).toHaveClass(
      'text-bg-secondary',
    );
  });

  it('shows a failed load with Retry, which loads again', async () => {
    server.use(http.get('*/api/system/status', () => HttpResponse.error()));
    const { user } = renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the data');
    expect(window.location.pathname).toBe('/info/system');
    server.use(answerGet('api/system/status', SYSTEM_SAMPLE));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('OpenDTU-ABC123')).toBeVisible();
  });

  it('Reload asks the gateway again and shows the new answer', async () => {
    server.use(answerGet('api/system/status', SYSTEM_SAMPLE));
    const { user } = renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
    await screen.findByText('OpenDTU-ABC123');
    server.use(answerGet('api/system/status', { ...SYSTEM_SAMPLE, cfgsavecount: 8 }));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await expect.poll(() => cell('Configuration saves').textContent).toBe('8');
  });

  describe('on a companion (issue 24)', () => {
    const device = companionDeviceFixture;

    it('shows the device behind it: address and firmware', async () => {
      server.use(
        answerGet('api/system/status', SYSTEM_SAMPLE),
        answerGet('api/companion/status', { companion: true, devices: [device] }),
      );
      renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
      const title = await screen.findByRole('heading', { name: 'Device behind this companion' });
      const card = title.closest('section');
      if (!card) throw new Error('no card');
      expect(within(card).getByRole('link', { name: 'http://192.168.1.50' })).toHaveAttribute(
        'href',
        'http://192.168.1.50',
      );
      const firmware = within(card).getByRole('rowheader', { name: 'Firmware version / git hash' });
      expect(firmware.closest('tr')).toHaveTextContent('v24.11.7');
      expect(within(card).getByText('Connected')).toHaveClass('text-bg-success');
    });

    it('says since when the device cannot be reached', async () => {
      const since = Date.UTC(2025, 5, 21, 10, 4, 5) / 1000;
      server.use(
        answerGet('api/system/status', SYSTEM_SAMPLE),
        answerGet('api/companion/status', {
          companion: true,
          devices: [{ ...device, reachable: false, unreachable_since: since }],
        }),
      );
      renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
      const badge = await screen.findByText(/^Not reachable since /);
      expect(badge).toHaveClass('text-bg-danger');
      expect(badge.textContent).toMatch(/2025/);
    });

    it('says what keeps the device from being used, in plain words with the detail', async () => {
      const detail =
        "http://192.168.1.50 refused the password (401): check the device's admin password";
      server.use(
        // The status is the device's, relayed: it cannot come, the card still says why.
        http.get('*/api/system/status', () =>
          HttpResponse.json(
            { type: 'danger', message: detail, device: 'dtu', problem: 'wrong-password' },
            { status: 502, headers: { 'X-HelioDTU-Device-Problem': 'wrong-password' } },
          ),
        ),
        answerGet('api/companion/status', {
          companion: true,
          devices: [
            {
              ...device,
              git_hash: null,
              reachable: false,
              unreachable_since: 1_750_500_000,
              problem: { code: 'wrong-password', message: detail },
            },
          ],
        }),
      );
      renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
      const problem = await screen.findByTestId('device-problem');
      expect(problem).toHaveTextContent(
        "The device refused the stored password: set the device's admin password (DTU_PASSWORD).",
      );
      const row = screen.getByRole('rowheader', { name: 'Problem' }).closest('tr');
      expect(row).toHaveTextContent(`Details: ${detail}`);
      expect(
        await screen.findByText(/^Could not load the data: the OpenDTU behind this companion/),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    });

    it('shows no problem row while the device is fine', async () => {
      server.use(
        answerGet('api/system/status', SYSTEM_SAMPLE),
        answerGet('api/companion/status', { companion: true, devices: [device] }),
      );
      renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
      await screen.findByRole('heading', { name: 'Device behind this companion' });
      expect(screen.queryByRole('rowheader', { name: 'Problem' })).toBeNull();
    });

    it('shows no such card on a gateway that is not one, nor on a device', async () => {
      server.use(answerGet('api/system/status', SYSTEM_SAMPLE));
      renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
      await screen.findByText('OpenDTU-ABC123');
      // A device answers unknown paths with its index.html.
      server.use(
        http.get('*/api/companion/status', () =>
          HttpResponse.text('<!doctype html><title>OpenDTU</title>', {
            headers: { 'content-type': 'text/html' },
          }),
        ),
      );
      renderWithProviders(<SystemInfoPage />, { route: '/info/system' });
      await expect.poll(() => screen.getAllByText('OpenDTU-ABC123').length).toBe(2);
      expect(screen.queryByText('Device behind this companion')).toBeNull();
    });
  });
});
