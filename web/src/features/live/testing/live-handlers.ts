import { http, HttpResponse, type JsonBodyType } from 'msw';
export { recordPosts } from '@/testing/api-handlers';
import { devInfoFixture } from '@heliodtu/contract/fixtures/dev-info';
import { eventLogFixture } from '@heliodtu/contract/fixtures/event-log';
import {
  gridProfileFixture,
  gridProfileRawFixture,
} from '@heliodtu/contract/fixtures/grid-profile';
import { limitStatusFixture, powerStatusFixture } from '@heliodtu/contract/fixtures/limit';
import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';

/** MSW handlers answering the live view's calls with the contract fixtures. */
export const liveHandlers = {
  /** The partial list; with `?inv=` that inverter's full object (the fixture's channels). */
  status: (body: JsonBodyType = liveDataStatusFixture) =>
    http.get('*/api/livedata/status', ({ request }) => {
      const inv = new URL(request.url).searchParams.get('inv');
      if (!inv) return HttpResponse.json(body);
      const partial = liveDataStatusFixture.inverters.find((i) => i.serial === inv);
      const [channels] = liveDataMessageFixture.inverters;
      const inverters = partial && channels ? [{ ...channels, ...partial }] : [];
      return HttpResponse.json({ ...liveDataMessageFixture, inverters });
    }),
  /** The device clock the weak-string feed reads (overview/device-clock.ts). */
  ntpStatus: (localtime = 'Saturday, June 21 2025 12:00:00') =>
    http.get('*/api/ntp/status', () =>
      HttpResponse.json({ ntp_status: true, ntp_localtime: localtime }),
    ),
  systemStatus: (uptime = 3600) =>
    http.get('*/api/system/status', () => HttpResponse.json({ uptime })),
  limitStatus: (body: JsonBodyType = limitStatusFixture) =>
    http.get('*/api/limit/status', () => HttpResponse.json(body)),
  powerStatus: (body: JsonBodyType = powerStatusFixture) =>
    http.get('*/api/power/status', () => HttpResponse.json(body)),
  devInfo: (body: JsonBodyType = devInfoFixture) =>
    http.get('*/api/devinfo/status', () => HttpResponse.json(body)),
  eventLog: (body: JsonBodyType = eventLogFixture) =>
    http.get('*/api/eventlog/status', () => HttpResponse.json(body)),
  gridProfile: (
    status: JsonBodyType = gridProfileFixture,
    raw: JsonBodyType = gridProfileRawFixture,
  ) => [
    http.get('*/api/gridprofile/status', () => HttpResponse.json(status)),
    http.get('*/api/gridprofile/rawdata', () => HttpResponse.json(raw)),
  ],
};
