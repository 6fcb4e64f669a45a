import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { DevicePickerProvider } from '@/components/layout/device-picker-provider';
import { setScreenDevice } from '@/lib/device-scope';
import { SAVED } from '@/testing/api-handlers';
import { currentPath } from '@/testing/location';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DtuSettingsPage } from '@/features/dtu/dtu-settings-page';
import { DTU_CONFIG } from '@/features/dtu/testing/dtu-config';

const device = (id: string, name: string): CompanionDevice => ({
  ...companionDeviceFixture,
  id,
  name,
});
const ROOF = device('roof', 'Roof');
const GARAGE = device('garage', 'Garage');
/** Each device's own DTU serial, so the form shows whose settings it holds. */
const SERIAL_OF: Record<string, string> = {
  '': '199980110000',
  roof: '199980111111',
  garage: '199980122222',
};

/** The companion lists `devices`; each device answers its settings; every request is kept. */
function serve(devices: readonly CompanionDevice[]) {
  const gets: string[] = [];
  const posts: { path: string; data: unknown }[] = [];
  const deviceOf = (url: string) => /^\/dtu\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? '';
  server.use(
    http.get('*/api/companion/status', () =>
      HttpResponse.json({ companion: devices.length > 0, devices }),
    ),
    http.get('*/api/dtu/config', ({ request }) => {
      gets.push(new URL(request.url).pathname);
      return HttpResponse.json({ ...DTU_CONFIG, serial: SERIAL_OF[deviceOf(request.url)] });
    }),
    http.post('*/api/dtu/config', async ({ request }) => {
      const data = JSON.parse(String((await request.formData()).get('data'))) as unknown;
      posts.push({ path: new URL(request.url).pathname, data });
      return HttpResponse.json(SAVED);
    }),
  );
  return { gets, posts };
}

function renderScreen(route: string) {
  return renderWithProviders(
    <DevicePickerProvider>
      <DtuSettingsPage />
    </DevicePickerProvider>,
    { route, loggedIn: true },
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Device' });
const serialField = () => screen.getByLabelText('Serial number');

afterEach(() => {
  vi.restoreAllMocks();
  setScreenDevice(null);
});

describe('DevicePickerProvider (several devices behind one companion)', () => {
  it('acts on the device the URL names: picker, requests and values', async () => {
    const { gets } = serve([ROOF, GARAGE]);
    renderScreen('/settings/dtu?dtu=garage');
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['garage']));
    expect(picker()).toHaveDisplayValue('Garage');
    expect(gets).toEqual(['/dtu/garage/api/dtu/config']);
  });

  it('names the first device in the URL when none is named, so a reload keeps it', async () => {
    serve([ROOF, GARAGE]);
    renderScreen('/settings/dtu');
    await waitFor(() => expect(currentPath()).toBe('/settings/dtu?dtu=roof'));
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['roof']));
    expect(picker()).toHaveDisplayValue('Roof');
  });

  it('switching the device puts it in the URL and loads that device', async () => {
    const { gets } = serve([ROOF, GARAGE]);
    renderScreen('/settings/dtu?dtu=garage');
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['garage']));
    fireEvent.change(picker(), { target: { value: 'roof' } });
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['roof']));
    expect(currentPath()).toBe('/settings/dtu?dtu=roof');
    expect(gets.at(-1)).toBe('/dtu/roof/api/dtu/config');
  });

  it('asks before a switch throws unsaved edits away, and stays when told no', async () => {
    serve([ROOF, GARAGE]);
    renderScreen('/settings/dtu?dtu=garage');
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['garage']));
    fireEvent.change(screen.getByLabelText('Poll interval'), { target: { value: '9' } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.change(picker(), { target: { value: 'roof' } });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/settings/dtu?dtu=garage');
    expect(screen.getByLabelText('Poll interval')).toHaveValue(9);
    confirm.mockReturnValue(true);
    fireEvent.change(picker(), { target: { value: 'roof' } });
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['roof']));
  });

  it('saves to the device the form was loaded from, even if the scope changed meanwhile', async () => {
    const { posts } = serve([ROOF, GARAGE]);
    renderScreen('/settings/dtu?dtu=garage');
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['garage']));
    // Anything that changes the request scope under a loaded form (a late effect, another tab
    // of code): the save must still go to the device shown.
    setScreenDevice('roof');
    fireEvent.change(screen.getByLabelText('Poll interval'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.path).toBe('/dtu/garage/api/dtu/config');
    expect(posts[0]?.data).toMatchObject({ serial: SERIAL_OF['garage'], pollinterval: 9 });
  });

  it.each([
    ['one device', [ROOF]],
    ['the simulated fleet', []],
  ])('with %s: no picker, today’s URL and requests', async (_name, devices) => {
    const { gets } = serve(devices);
    renderScreen('/settings/dtu');
    await waitFor(() => expect(serialField()).toHaveValue(SERIAL_OF['']));
    // The companion's answer has arrived and changed nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('device-picker')).toBeNull();
    expect(currentPath()).toBe('/settings/dtu');
    expect(gets).toEqual(['/api/dtu/config']);
  });
});
