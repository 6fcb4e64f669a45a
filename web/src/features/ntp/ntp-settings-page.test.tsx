import { act, screen, waitFor } from '@testing-library/react';
import type { NtpConfig, NtpTime } from '@heliodtu/contract/ntp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { answerGet, recordPosts, SAVED } from '@/testing/api-handlers';
import { useGatewayReach } from '@/lib/gateway-reach';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NtpSettingsPage } from './ntp-settings-page';

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const CONFIG: NtpConfig = {
  ntp_server: 'opendtu.pool.ntp.org',
  ntp_timezone: BERLIN,
  ntp_timezone_descr: 'Europe/Berlin',
  latitude: 51.1657,
  longitude: 10.4515,
  sunsettype: 1,
};
const ZONES = {
  'Europe/Berlin': BERLIN,
  'Europe/Paris': BERLIN,
  'Asia/Tokyo': 'JST-9',
  'America/Argentina/Buenos_Aires': '<-03>3',
};
const TIME: NtpTime = {
  ntp_status: true,
  year: 2025,
  month: 6,
  day: 21,
  hour: 12,
  minute: 4,
  second: 18,
};
const TIME_UPDATED = { type: 'success', message: 'Time updated!', code: 9010 } as const;

/**
 * How the device serves the zone list: v26 at api/ntp/zones (v24's web layout still has the
 * file there too, the endpoint wins); v24 only the file, its endpoint a 404 (our gateway) or the
 * web page (a real device answers unknown paths with it).
 */
type ZoneServing = 'v26' | 'v24-404' | 'v24-page';

function serveZones(serving: ZoneServing) {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/ntp/zones' || path === '/zones.json') asked.push(path.slice(1));
  });
  server.use(
    http.get('*/api/ntp/zones', () => {
      if (serving === 'v26') return HttpResponse.json(ZONES);
      if (serving === 'v24-404') return new HttpResponse('Not found', { status: 404 });
      return HttpResponse.html('<!doctype html><title>OpenDTU</title>');
    }),
    answerGet('zones.json', ZONES),
  );
  return asked;
}

async function renderPage(config: NtpConfig = CONFIG, serving: ZoneServing = 'v24-404') {
  const post = recordPosts('api/ntp/config', SAVED);
  const timePost = recordPosts('api/ntp/time', TIME_UPDATED);
  let timeGets = 0;
  const zonesAsked = serveZones(serving);
  server.use(answerGet('api/ntp/config', config), post.handler, timePost.handler);
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && request.url.endsWith('/api/ntp/time')) timeGets += 1;
  });
  server.use(answerGet('api/ntp/time', TIME));
  const view = renderWithProviders(<NtpSettingsPage />, { route: '/settings/ntp', loggedIn: true });
  await screen.findByLabelText('Time server');
  await screen.findByRole('group', { name: 'Europe' });
  return { ...view, post, timePost, timeGets: () => timeGets, zonesAsked };
}

const zoneSelect = () => screen.getByRole('combobox', { name: 'Time zone' });
const save = () => screen.getByRole('button', { name: 'Save' });

afterEach(() => {
  server.events.removeAllListeners();
  window.sessionStorage.clear();
  vi.useRealTimers();
});

describe('NtpSettingsPage', () => {
  it('shows the gateway values and the configured zone in its group', async () => {
    await renderPage();
    expect(screen.getByLabelText('Time server')).toHaveValue('opendtu.pool.ntp.org');
    expect(zoneSelect()).toHaveDisplayValue('Berlin');
    expect(screen.getByLabelText('Time zone rule (POSIX)')).toHaveValue(BERLIN);
    expect(screen.getByLabelText('Latitude')).toHaveValue(51.1657);
    expect(screen.getByRole('combobox', { name: 'Sunset type' })).toHaveDisplayValue(
      'Nautical (102°)',
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Argentina/Buenos Aires', 'Astronomical (108°)']),
    );
  });

  it('says in plain words when the device behind a companion does not answer', async () => {
    server.use(
      answerGet('zones.json', ZONES),
      answerGet('api/ntp/time', TIME),
      http.get('*/api/ntp/config', () =>
        HttpResponse.json(
          { type: 'danger', message: 'http://10.0.0.9 refused the connection', problem: 'refused' },
          { status: 503, headers: { 'X-HelioDTU-Device-Problem': 'refused' } },
        ),
      ),
    );
    renderWithProviders(<NtpSettingsPage />, { route: '/settings/ntp', loggedIn: true });
    const alert = await screen.findByText(/^Could not load the data/);
    expect(alert).toHaveTextContent(
      'Could not load the data: the OpenDTU behind this companion did not answer. ' +
        'The device refused the connection: it is restarting, or nothing listens at that address.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(useGatewayReach.getState().unreachable).toBe(false);
  });

  it('a zone choice sets both the POSIX string and the name', async () => {
    const { user, post } = await renderPage();
    await user.selectOptions(zoneSelect(), 'Tokyo');
    expect(screen.getByLabelText('Time zone rule (POSIX)')).toHaveValue('JST-9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sunset type' }), 'Civil (96°)');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([
      { ...CONFIG, ntp_timezone: 'JST-9', ntp_timezone_descr: 'Asia/Tokyo', sunsettype: 2 },
    ]);
  });

  it('v26: takes the list from api/ntp/zones and posts the chosen zone by name and string', async () => {
    const { user, post, zonesAsked } = await renderPage(CONFIG, 'v26');
    expect(zonesAsked).toEqual(['api/ntp/zones']);
    await user.selectOptions(zoneSelect(), 'Tokyo');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    // v26 derives the zone from the name; v24 stores the string: both always go.
    expect(post.received).toEqual([
      expect.objectContaining({ ntp_timezone: 'JST-9', ntp_timezone_descr: 'Asia/Tokyo' }),
    ]);
  });

  it.each(['v24-404', 'v24-page'] as const)(
    '%s: falls back to zones.json, and asks only the file for the rest of the visit',
    async (serving) => {
      const first = await renderPage(CONFIG, serving);
      expect(first.zonesAsked).toEqual(['api/ntp/zones', 'zones.json']);
      expect(zoneSelect()).toHaveDisplayValue('Berlin');
      first.unmount();
      server.events.removeAllListeners();

      const again = await renderPage(CONFIG, serving);
      expect(again.zonesAsked).toEqual(['zones.json']);
    },
  );

  it('a device updated during the visit is asked at the endpoint when the file is gone', async () => {
    window.sessionStorage.setItem('zonesSource', 'zones.json');
    const asked = serveZones('v26');
    server.use(http.get('*/zones.json', () => new HttpResponse('Not found', { status: 404 })));
    server.use(answerGet('api/ntp/config', CONFIG), answerGet('api/ntp/time', TIME));
    renderWithProviders(<NtpSettingsPage />, { route: '/settings/ntp', loggedIn: true });
    await screen.findByRole('group', { name: 'Europe' });
    expect(asked).toEqual(['zones.json', 'api/ntp/zones']);
  });

  it('a failing endpoint (not a missing one) is no reason to ask the file', async () => {
    const asked = serveZones('v26');
    server.use(http.get('*/api/ntp/zones', () => new HttpResponse('busy', { status: 503 })));
    server.use(answerGet('api/ntp/config', CONFIG), answerGet('api/ntp/time', TIME));
    renderWithProviders(<NtpSettingsPage />, { route: '/settings/ntp', loggedIn: true });
    expect(await screen.findByText(/list of time zones could not be loaded/i)).toBeVisible();
    expect(asked).toEqual(['api/ntp/zones']);
    // The configured zone stays shown and selectable.
    expect(zoneSelect()).toHaveDisplayValue('Europe/Berlin');
  });

  it('keeps a zone that is not in the list selectable as it is', async () => {
    await renderPage({ ...CONFIG, ntp_timezone: 'UTC0', ntp_timezone_descr: 'Custom' });
    expect(zoneSelect()).toHaveDisplayValue('Custom (not in the list)');
  });

  it('refuses coordinates out of range or missing and sends nothing', async () => {
    const { user, post } = await renderPage();
    const latitude = screen.getByLabelText('Latitude');
    await user.clear(latitude);
    await user.type(latitude, '91');
    await user.clear(screen.getByLabelText('Longitude'));
    await user.click(save());
    expect(await screen.findByText('Enter a number from -90 to 90.')).toBeVisible();
    expect(screen.getByText('Please enter a value.')).toBeVisible();
    await waitFor(() => expect(latitude).toHaveFocus());
    expect(post.received).toEqual([]);
  });

  it('refuses an empty time server with the gateway text', async () => {
    const { user, post } = await renderPage();
    await user.clear(screen.getByLabelText('Time server'));
    await user.click(save());
    expect(
      await screen.findByText('The NTP server must be 1 to 31 characters long.'),
    ).toBeVisible();
    expect(post.received).toEqual([]);
  });

  it('both clocks tick every second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2025, 0, 2, 3, 4, 5));
    await renderPage();
    const device = await screen.findByTestId('device-time');
    expect(device).toHaveTextContent('Saturday, June 21, 2025 at 12:04:18');
    expect(screen.getByTestId('browser-time')).toHaveTextContent(
      'Thursday, January 2, 2025 at 03:04:05',
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(device).toHaveTextContent('12:04:20');
    expect(screen.getByTestId('browser-time')).toHaveTextContent('03:04:07');
  });

  it('manual sync posts the browser time, shows the answer and reloads the device time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2025, 6, 14, 9, 8, 7));
    const { user, timePost, timeGets } = await renderPage();
    await screen.findByTestId('device-time');
    expect(timeGets()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Synchronize time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Time set.');
    expect(timePost.received).toEqual([
      { year: 2025, month: 7, day: 14, hour: 9, minute: 8, second: 7 },
    ]);
    await waitFor(() => expect(timeGets()).toBe(2));
  });
});
