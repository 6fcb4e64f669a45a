import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { companionDeviceFixture } from '@heliodtu/contract/fixtures/companion';
import { setScreenDevice } from '@/lib/device-scope';
import { server } from '@/testing/msw-server';
import { fetchZones } from './zones';

const ZONES = { 'Europe/Berlin': 'CET-1CEST,M3.5.0,M10.5.0/3', 'Asia/Tokyo': 'JST-9' };

const device = (id: string, gitHash: string | null): CompanionDevice => ({
  ...companionDeviceFixture,
  id,
  name: id,
  git_hash: gitHash,
});

/**
 * A companion in front of `devices`: the file for each device is its own table; the endpoint
 * is the device's, a JSON 404 for a v24 one (issue 34). Every zone request's path is kept.
 */
function serveCompanion(devices: CompanionDevice[]) {
  const asked: string[] = [];
  const v26 = new Set(devices.filter((d) => d.git_hash?.startsWith('v26')).map((d) => d.id));
  const idOf = (url: string) => /^\/dtu\/([^/]+)\//.exec(new URL(url).pathname)?.[1];
  server.use(
    http.get('*/api/companion/status', () => HttpResponse.json({ companion: true, devices })),
    http.get('*/api/ntp/zones', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      const id = idOf(request.url) ?? devices[0]!.id;
      return v26.has(id)
        ? HttpResponse.json(ZONES)
        : HttpResponse.json({ type: 'warning', code: 20013 }, { status: 404 });
    }),
    http.get('*/zones.json', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json(ZONES);
    }),
  );
  return asked;
}

afterEach(() => {
  setScreenDevice(null);
  window.sessionStorage.clear();
});

describe('fetchZones behind a companion', () => {
  it('asks each device the source its firmware has: no request that can only fail', async () => {
    const asked = serveCompanion([device('roof', 'v24.11.7'), device('barn', 'v26.3.30')]);
    setScreenDevice('roof');
    expect(await fetchZones()).toEqual(ZONES);
    setScreenDevice('barn');
    expect(await fetchZones()).toEqual(ZONES);
    expect(asked).toEqual(['/dtu/roof/zones.json', '/dtu/barn/api/ntp/zones']);
  });

  it('with one device (no prefix), a v24 device is asked for the file only', async () => {
    const asked = serveCompanion([device('dtu', 'v24.11.7')]);
    expect(await fetchZones()).toEqual(ZONES);
    expect(asked).toEqual(['/zones.json']);
  });

  it('a device whose firmware is not known yet: the endpoint, then on its 404 the file', async () => {
    const asked = serveCompanion([device('roof', null), device('barn', 'v26.3.30')]);
    setScreenDevice('roof');
    expect(await fetchZones()).toEqual(ZONES);
    expect(asked).toEqual(['/dtu/roof/api/ntp/zones', '/dtu/roof/zones.json']);
    // Remembered per device: the v26 one is still asked at its endpoint.
    setScreenDevice('barn');
    await fetchZones();
    setScreenDevice('roof');
    await fetchZones();
    expect(asked.slice(2)).toEqual(['/dtu/barn/api/ntp/zones', '/dtu/roof/zones.json']);
  });

  it('keeps every request of one load on the device it started for', async () => {
    const asked = serveCompanion([device('roof', null), device('barn', 'v26.3.30')]);
    setScreenDevice('roof');
    const loading = fetchZones();
    // The screen moved on to another device while the first answer was on its way.
    setScreenDevice('barn');
    await loading;
    expect(asked).toEqual(['/dtu/roof/api/ntp/zones', '/dtu/roof/zones.json']);
  });
});
