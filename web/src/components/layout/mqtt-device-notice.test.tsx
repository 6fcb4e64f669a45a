import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { DevicePickerProvider } from '@/components/layout/device-picker-provider';
import { setScreenDevice } from '@/lib/device-scope';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DtuSettingsPage } from '@/features/dtu/dtu-settings-page';
import { DTU_CONFIG } from '@/features/dtu/testing/dtu-config';

const ROOF: CompanionDevice = {
  ...companionDeviceFixture,
  id: 'roof',
  name: 'Roof',
  source: 'http',
};
const COTTAGE: CompanionDevice = {
  ...companionDeviceFixture,
  id: 'cottage',
  name: 'Cottage',
  url: 'mqtt://broker.example:1883/cottage/',
  git_hash: null,
  source: 'mqtt',
  web_url: 'http://192.168.7.20/',
};

/** The companion lists `devices`; every request for a device's settings is kept. */
function serve(devices: readonly CompanionDevice[]) {
  const deviceRequests: string[] = [];
  server.use(
    http.get('*/api/companion/status', () => HttpResponse.json({ companion: true, devices })),
    http.get('*/api/dtu/config', ({ request }) => {
      deviceRequests.push(new URL(request.url).pathname);
      return HttpResponse.json(DTU_CONFIG);
    }),
  );
  return deviceRequests;
}

function renderScreen(route: string) {
  return renderWithProviders(
    <DevicePickerProvider>
      <DtuSettingsPage />
    </DevicePickerProvider>,
    { route, loggedIn: true },
  );
}

afterEach(() => setScreenDevice(null));

describe('a settings screen for a device known only by its MQTT topics', () => {
  it('says its settings are changed on the device, links there, and asks the device nothing', async () => {
    const requests = serve([ROOF, COTTAGE]);
    renderScreen('/settings/dtu?dtu=cottage');
    const notice = await screen.findByTestId('mqtt-device-notice');
    expect(notice).toHaveTextContent(
      'Cottage is known to this companion only by the MQTT topics it publishes. Its settings can only be changed on the device itself.',
    );
    const link = screen.getByRole('link', { name: 'Open the web interface of Cottage' });
    expect(link).toHaveAttribute('href', 'http://192.168.7.20/');
    expect(link).toHaveAttribute('target', '_blank');
    // The screen keeps its title and the picker, so another device is one choice away.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('DTU Settings');
    expect(screen.getByRole('combobox', { name: 'Device' })).toHaveDisplayValue('Cottage');
    expect(screen.queryByLabelText('Serial number')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('shows the form again once an HTTP device is chosen', async () => {
    const requests = serve([ROOF, COTTAGE]);
    renderScreen('/settings/dtu?dtu=cottage');
    await screen.findByTestId('mqtt-device-notice');
    fireEvent.change(screen.getByRole('combobox', { name: 'Device' }), {
      target: { value: 'roof' },
    });
    await waitFor(() => expect(screen.getByLabelText('Serial number')).toBeInTheDocument());
    expect(screen.queryByTestId('mqtt-device-notice')).toBeNull();
    expect(requests).toEqual(['/dtu/roof/api/dtu/config']);
  });

  it("says so for a companion's only device too, without a link while its IP is unknown", async () => {
    const { web_url: _unknown, ...withoutAddress } = COTTAGE;
    const requests = serve([withoutAddress]);
    renderScreen('/settings/dtu');
    const notice = await screen.findByTestId('mqtt-device-notice');
    expect(notice).toHaveTextContent('it has not published its IP address');
    expect(screen.queryByRole('link', { name: /web interface/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Device' })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('leaves an HTTP device, and a companion that does not say the source, its form', async () => {
    const { source: _old, ...fromOlderCompanion } = ROOF;
    const requests = serve([fromOlderCompanion]);
    renderScreen('/settings/dtu');
    await waitFor(() => expect(screen.getByLabelText('Serial number')).toBeInTheDocument());
    expect(screen.queryByTestId('mqtt-device-notice')).toBeNull();
    expect(requests).toEqual(['/api/dtu/config']);
  });
});
