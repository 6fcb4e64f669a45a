import { describe, expect, it } from 'vitest';
import { DevInfoStatusSchema } from '@heliodtu/contract/dev-info';
import { EventLogStatusSchema } from '@heliodtu/contract/event-log';
import {
  GridProfileRawSchema,
  GridProfileStatusSchema,
  hasGridProfile,
} from '@heliodtu/contract/grid-profile';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import {
  HM_SERIAL,
  HMT_SERIAL,
  buildLiveGateway,
  waitFor,
} from '../../test/helpers/live-gateway.js';

const READ_ONLY_PATHS = [
  '/api/devinfo/status',
  '/api/eventlog/status',
  '/api/gridprofile/status',
  '/api/gridprofile/rawdata',
];

describe('GET /api/devinfo/status', () => {
  it('gives the device info once it was read', async () => {
    const gw = await buildLiveGateway();
    const info = await waitFor(async () => {
      const body = DevInfoStatusSchema.parse(await gw.get(`/api/devinfo/status?inv=${HM_SERIAL}`));
      return body.valid_data && body;
    });
    expect(info).toMatchObject({ hw_model_name: 'HM-800-2T', max_power: 800 });
    expect(info.fw_build_datetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('GET /api/eventlog/status', () => {
  it('gives the events in the asked language: de and fr case-insensitive, else English', async () => {
    const gw = await buildLiveGateway();
    const log = async (locale: string) =>
      EventLogStatusSchema.parse(
        await gw.get(`/api/eventlog/status?inv=${HMT_SERIAL}&locale=${locale}`),
      );
    const english = await waitFor(async () => {
      const body = await log('en');
      return body.count > 0 && body;
    });
    expect(english.events).toHaveLength(english.count);
    const german = await log('DE');
    const other = await log('xx');
    expect(german.events.map((e) => e.message_id)).toEqual(english.events.map((e) => e.message_id));
    expect(german.events[0]?.message).not.toBe(english.events[0]?.message);
    expect(other.events[0]?.message).toBe(english.events[0]?.message);
  });
});

describe('GET /api/gridprofile/status and /rawdata', () => {
  it('gives the profile and its raw bytes once read, and they agree', async () => {
    const gw = await buildLiveGateway();
    const raw = await waitFor(async () => {
      const body = GridProfileRawSchema.parse(
        await gw.get(`/api/gridprofile/rawdata?inv=${HM_SERIAL}`),
      );
      return hasGridProfile(body.raw) && body;
    });
    expect(raw.raw.length).toBeGreaterThan(0);
    const profile = GridProfileStatusSchema.parse(
      await gw.get(`/api/gridprofile/status?inv=${HM_SERIAL}`),
    );
    expect(profile.name).not.toBe('Unknown');
    expect(profile.sections.length).toBeGreaterThan(0);
  });
});

describe('device info, event log and grid profile endpoints', () => {
  it.each(READ_ONLY_PATHS)('%s answers {} for an unknown or missing serial', async (path) => {
    const gw = await buildLiveGateway({}, { waitForData: false });
    expect(await gw.get(`${path}?inv=112233445566`)).toEqual({});
    expect(await gw.get(path)).toEqual({});
  });

  it.each(READ_ONLY_PATHS)('%s is open while allow_readonly is on, else 401', async (path) => {
    const gw = await buildTestGateway();
    const anonymous = () => gw.request('GET', `${path}?inv=${HM_SERIAL}`, { auth: null });
    expect((await anonymous()).status).toBe(200);
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect((await anonymous()).status).toBe(401);
    expect((await gw.request('GET', `${path}?inv=${HM_SERIAL}`)).status).toBe(200);
  });
});
