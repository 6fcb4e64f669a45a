import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { useFirmwareGenerationStore } from '@/lib/firmware-generation';
import { answerGet, firmwareStatus } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { meterStatus } from '@/testing/power-samples';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NavBar } from './nav-bar';

/** Opens the Settings menu: it asks the device's firmware then, not before. */
async function openSettings(generation: 'v24' | 'v26') {
  const asked: string[] = [];
  server.use(
    http.get('*/api/history/range', () => HttpResponse.text('<!doctype html>')),
    firmwareStatus(generation),
  );
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
  const view = renderWithProviders(<NavBar />, { loggedIn: true });
  // Time for a request at mount (the history check asks then, once per load) to show.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(asked).not.toContain('/api/system/status');
  await view.user.click(screen.getByRole('button', { name: 'Settings' }));
  await expect.poll(() => asked).toContain('/api/system/status');
  server.events.removeAllListeners();
  return view;
}

describe('NavBar by firmware generation (issue 25)', () => {
  it('offers the Logging settings on a v26 device', async () => {
    await openSettings('v26');
    const item = await screen.findByRole('menuitem', { name: 'Logging' });
    expect(item).toHaveAttribute('href', '/settings/logging');
  });

  it('has no Logging entry on a v24 device', async () => {
    await openSettings('v24');
    expect(screen.getByRole('menuitem', { name: 'DTU' })).toBeVisible();
    // The answer has come and changed nothing.
    await waitFor(() => expect(useFirmwareGenerationStore.getState().status).toBe('known'));
    expect(screen.queryByRole('menuitem', { name: 'Logging' })).toBeNull();
  });
});

describe('NavBar behind a companion with several devices (issue 27)', () => {
  const DEVICES = [
    { ...companionDeviceFixture, id: 'roof', name: 'Roof' },
    { ...companionDeviceFixture, id: 'shed', name: 'Shed' },
  ];

  async function openAt(route: string, companion: boolean) {
    server.use(
      http.get('*/api/history/range', () => HttpResponse.text('<!doctype html>')),
      http.get('*/api/companion/status', () =>
        HttpResponse.json({ companion, devices: companion ? DEVICES : [] }),
      ),
      firmwareStatus('v24'),
    );
    const view = renderWithProviders(<NavBar />, { route, loggedIn: true });
    await view.user.click(screen.getByRole('button', { name: 'Settings' }));
    return view;
  }

  it('offers the Devices screen on a companion, and keeps the device from screen to screen', async () => {
    await openAt('/settings/ntp?dtu=shed', true);
    expect(await screen.findByRole('menuitem', { name: 'Devices' })).toHaveAttribute(
      'href',
      '/settings/devices',
    );
    expect(screen.getByRole('menuitem', { name: 'MQTT' })).toHaveAttribute(
      'href',
      '/settings/mqtt?dtu=shed',
    );
  });

  it('has no Devices entry and plain links on any other gateway', async () => {
    await openAt('/settings/ntp', false);
    expect(screen.getByRole('menuitem', { name: 'MQTT' })).toHaveAttribute(
      'href',
      '/settings/mqtt',
    );
    // The answer "no companion" has come and changed nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menuitem', { name: 'Devices' })).toBeNull();
  });
});

describe('NavBar and power control (issue 35)', () => {
  it('offers Power control once the gateway answers the grid meter’s status', async () => {
    server.use(
      http.get('*/api/history/range', () => HttpResponse.text('<!doctype html>')),
      answerGet('api/gridmeter/status', meterStatus({ source: 'none', state: 'off' })),
    );
    renderWithProviders(<NavBar />);
    expect(await screen.findByRole('link', { name: 'Power control' })).toHaveAttribute(
      'href',
      '/power-control',
    );
  });

  it('has no Power control entry on a device, which answers 404', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/history/range', () => HttpResponse.text('<!doctype html>')),
      http.get('*/api/gridmeter/status', () => {
        asked += 1;
        return new HttpResponse('Not found', { status: 404 });
      }),
    );
    renderWithProviders(<NavBar />);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Power control' })).toBeNull();
  });
});
