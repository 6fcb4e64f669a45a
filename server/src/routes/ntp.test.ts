import { describe, expect, it } from 'vitest';
import { ApiResultSchema } from '@heliodtu/contract/envelope';
import {
  NtpConfigSchema,
  NtpStatusSchema,
  NtpTimeSchema,
  type NtpConfig,
} from '@heliodtu/contract/ntp';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import { blockConfigWrites } from '../../test/helpers/config-on-disk.js';

const CONFIG = '/api/ntp/config';
const TIME = '/api/ntp/time';
const STATUS = '/api/ntp/status';

const getConfig = async (gw: TestGateway) => NtpConfigSchema.parse(await gw.get(CONFIG));
const getTime = async (gw: TestGateway) => NtpTimeSchema.parse(await gw.get(TIME));
const getStatus = async (gw: TestGateway) => NtpStatusSchema.parse(await gw.get(STATUS));
const post = async (gw: TestGateway, url: string, data: unknown) =>
  ApiResultSchema.parse(await gw.post(url, data));

const VALID: NtpConfig = {
  ntp_server: 'pool.ntp.org',
  ntp_timezone: 'EST5EDT,M3.2.0,M11.1.0',
  ntp_timezone_descr: 'America/New_York',
  latitude: 40.7128,
  longitude: -74.006,
  sunsettype: 0,
};
const NOON = { year: 2024, month: 6, day: 21, hour: 12, minute: 0, second: 0 };
const FORMAT = /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{2} \d{4} \d{2}:\d{2}:\d{2}$/;

describe('GET /api/ntp/config', () => {
  it('answers the defaults', async () => {
    const gw = await buildTestGateway();
    expect(await getConfig(gw)).toEqual({
      ntp_server: 'opendtu.pool.ntp.org',
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'Europe/Berlin',
      longitude: 10.4515,
      latitude: 51.1657,
      sunsettype: 1,
    });
  });
});

describe('POST /api/ntp/config', () => {
  it('saves (1001) and keeps the values across a reboot', async () => {
    const gw = await buildTestGateway();
    expect(await post(gw, CONFIG, VALID)).toEqual({
      type: 'success',
      message: 'Settings saved!',
      code: 1001,
    });
    expect(await getConfig(gw)).toEqual(VALID);
    const again = await gw.reboot();
    expect(await getConfig(again)).toEqual(VALID);
  });

  it('takes a missing description as the device does, storing it empty', async () => {
    const gw = await buildTestGateway();
    const { ntp_timezone_descr: _omit, ...rest } = VALID;
    expect(await post(gw, CONFIG, rest)).toMatchObject({ code: 1001 });
    expect((await getConfig(gw)).ntp_timezone_descr).toBe('');
    expect(await post(gw, CONFIG, { ...rest, ntp_timezone_descr: null })).toMatchObject({
      code: 1001,
    });
  });

  it('accepts the bounds', async () => {
    const gw = await buildTestGateway();
    const edge = {
      ntp_server: 's'.repeat(31),
      ntp_timezone: 'UTC0'.padEnd(50, ' '),
      ntp_timezone_descr: 'd'.repeat(50),
      latitude: -90,
      longitude: 180,
      sunsettype: 3,
    };
    expect(await post(gw, CONFIG, edge)).toMatchObject({ code: 1001 });
    expect(await getConfig(gw)).toEqual(edge);
  });

  it.each([
    ['no data field', { body: 'nothing=1' }, 1002, undefined],
    ['unparsable JSON', { data: '{ntp' }, 1004, undefined],
    ['server not a string', { data: { ...VALID, ntp_server: 5 } }, 1005, undefined],
    ['timezone missing', { data: { ...VALID, ntp_timezone: undefined } }, 1005, undefined],
    ['latitude a string', { data: { ...VALID, latitude: '51' } }, 1005, undefined],
    ['longitude missing', { data: { ...VALID, longitude: undefined } }, 1005, undefined],
    ['sunsettype not uint8', { data: { ...VALID, sunsettype: 256 } }, 1005, undefined],
    ['sunsettype fractional', { data: { ...VALID, sunsettype: 1.5 } }, 1005, undefined],
    ['description a number', { data: { ...VALID, ntp_timezone_descr: 7 } }, 1005, undefined],
    ['empty server', { data: { ...VALID, ntp_server: '' } }, 9001, { max: 31 }],
    ['server of 32', { data: { ...VALID, ntp_server: 's'.repeat(32) } }, 9001, { max: 31 }],
    [
      'server of 16 two-byte chars',
      { data: { ...VALID, ntp_server: 'ü'.repeat(16) } },
      9001,
      { max: 31 },
    ],
    ['empty timezone', { data: { ...VALID, ntp_timezone: '' } }, 9002, { max: 50 }],
    ['timezone of 51', { data: { ...VALID, ntp_timezone: 't'.repeat(51) } }, 9002, { max: 50 }],
    ['empty description', { data: { ...VALID, ntp_timezone_descr: '' } }, 9003, { max: 50 }],
    [
      'description of 51',
      { data: { ...VALID, ntp_timezone_descr: 'd'.repeat(51) } },
      9003,
      { max: 50 },
    ],
    [
      'server before timezone',
      { data: { ...VALID, ntp_server: '', ntp_timezone: '' } },
      9001,
      { max: 31 },
    ],
    [
      'length before range',
      { data: { ...VALID, ntp_timezone: '', latitude: 95 } },
      9002,
      { max: 50 },
    ],
    ['latitude 90.5', { data: { ...VALID, latitude: 90.5 } }, 1005, undefined],
    ['latitude -91', { data: { ...VALID, latitude: -91 } }, 1005, undefined],
    ['longitude 181', { data: { ...VALID, longitude: 181 } }, 1005, undefined],
    ['longitude -180.1', { data: { ...VALID, longitude: -180.1 } }, 1005, undefined],
    ['sunsettype 4', { data: { ...VALID, sunsettype: 4 } }, 1005, undefined],
  ])('answers %s with its code and changes nothing', async (_name, init, code, param) => {
    const gw = await buildTestGateway();
    const before = await getConfig(gw);
    const response = await gw.request('POST', CONFIG, init);
    expect(response.status).toBe(200);
    const result = ApiResultSchema.parse(await response.json());
    expect(result).toMatchObject({ type: 'warning', code });
    expect(result.param).toEqual(param);
    expect(await getConfig(gw)).toEqual(before);
  });

  it('answers 1006 when config.json cannot be written, and keeps the old values', async () => {
    const gw = await buildTestGateway();
    const before = await getConfig(gw);
    await blockConfigWrites(gw);
    expect(await post(gw, CONFIG, VALID)).toMatchObject({ code: 1006 });
    expect(await getConfig(gw)).toEqual(before);
  });
});

describe('GET and POST /api/ntp/time', () => {
  it('sets the clock from local time in the configured zone (9010)', async () => {
    const gw = await buildTestGateway();
    expect(await post(gw, TIME, NOON)).toEqual({
      type: 'success',
      message: 'Time updated!',
      code: 9010,
    });
    const time = await getTime(gw);
    expect(time).toMatchObject({ ...NOON, second: expect.any(Number), ntp_status: true });
    expect(time.second).toBeLessThanOrEqual(2);
    // 12:00 in Berlin summer is 10:00 UTC.
    expect(Math.abs(gw.app.clock.now() - Date.UTC(2024, 5, 21, 10))).toBeLessThan(3000);
    // The same instant read in another zone moves the wall clock, not the instant.
    expect(await post(gw, CONFIG, VALID)).toMatchObject({ code: 1001 });
    expect(await getTime(gw)).toMatchObject({ day: 21, hour: 6 });
  });

  it('keeps the set time across a reboot, as main.ts keeps the clock', async () => {
    const gw = await buildTestGateway();
    await post(gw, TIME, { ...NOON, year: 2030 });
    const again = await gw.reboot();
    expect(await getTime(again)).toMatchObject({ year: 2030, month: 6, day: 21, hour: 12 });
  });

  it('starts at SIM_START, local time in the configured zone', async () => {
    const gw = await buildTestGateway({ simStart: '2025-01-10T08:30:00' });
    expect(await getTime(gw)).toMatchObject({ year: 2025, month: 1, day: 10, hour: 8, minute: 30 });
  });

  it.each([
    ['year 2021', { year: 2021 }, 9004, { min: 2022, max: 2100 }],
    ['year 2101', { year: 2101 }, 9004, { min: 2022, max: 2100 }],
    ['month 0', { month: 0 }, 9005, { min: 1, max: 12 }],
    ['month 13', { month: 13 }, 9005, { min: 1, max: 12 }],
    ['day 0', { day: 0 }, 9006, { min: 1, max: 31 }],
    ['day 32', { day: 32 }, 9006, { min: 1, max: 31 }],
    ['hour 24', { hour: 24 }, 9007, { min: 0, max: 23 }],
    ['minute 60', { minute: 60 }, 9008, { min: 0, max: 59 }],
    ['second 60', { second: 60 }, 9009, { min: 0, max: 59 }],
    ['year before month', { year: 1999, month: 13 }, 9004, { min: 2022, max: 2100 }],
    ['negative hour', { hour: -1 }, 1005, undefined],
    ['string minute', { minute: '5' }, 1005, undefined],
    ['fractional second', { second: 1.5 }, 1005, undefined],
    ['missing day', { day: undefined }, 1005, undefined],
  ])('answers %s with its code and leaves the clock alone', async (_name, change, code, param) => {
    const gw = await buildTestGateway({ simFaults: ['unsynced'] });
    const before = gw.app.clock.now();
    const result = await post(gw, TIME, { ...NOON, ...change });
    expect(result).toMatchObject({ type: 'warning', code });
    expect(result.param).toEqual(param);
    expect(Math.abs(gw.app.clock.now() - before)).toBeLessThan(2000);
    expect((await getTime(gw)).ntp_status).toBe(false);
  });

  it('answers 1002 and 1004 for a missing or broken data field', async () => {
    const gw = await buildTestGateway();
    const none = await gw.request('POST', TIME, { body: 'x=1' });
    expect(await none.json()).toMatchObject({ code: 1002 });
    const broken = await gw.request('POST', TIME, { data: '{year' });
    expect(await broken.json()).toMatchObject({ code: 1004 });
  });
});

describe('GET /api/ntp/status', () => {
  it('reports local time and nautical sun times for the default place', async () => {
    const gw = await buildTestGateway();
    await post(gw, TIME, NOON);
    const status = await getStatus(gw);
    expect(status).toMatchObject({
      ntp_server: 'opendtu.pool.ntp.org',
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'Europe/Berlin',
      ntp_status: true,
      sun_isSunsetAvailable: true,
      sun_isDayPeriod: true,
    });
    expect(status.ntp_localtime).toMatch(/^Friday, June 21 2024 12:00:0\d$/);
    // inverter-domain §9.2: nautical 03:03–23:36 (±2 min).
    expect(status.sun_risetime).toMatch(/^Friday, June 21 2024 03:0[1-5]:\d{2}$/);
    expect(status.sun_settime).toMatch(/^Friday, June 21 2024 23:3[4-8]:\d{2}$/);
  });

  it('reads "--", unavailable and day when the sun never reaches the zenith', async () => {
    const gw = await buildTestGateway();
    // Astronomical at the default place in June: the sun stays above −18°.
    await post(gw, CONFIG, { ...(await getConfig(gw)), sunsettype: 3 });
    await post(gw, TIME, { ...NOON, hour: 1 });
    expect(await getStatus(gw)).toMatchObject({
      sun_risetime: '--',
      sun_settime: '--',
      sun_isSunsetAvailable: false,
      sun_isDayPeriod: true,
    });
  });

  it('is night after sunset', async () => {
    const gw = await buildTestGateway();
    await post(gw, TIME, { year: 2024, month: 12, day: 21, hour: 22, minute: 0, second: 0 });
    const status = await getStatus(gw);
    expect(status.ntp_localtime).toMatch(/^Saturday, December 21 2024 22:00:0\d$/);
    expect(status.sun_risetime).toMatch(FORMAT);
    expect(status).toMatchObject({ sun_isSunsetAvailable: true, sun_isDayPeriod: false });
  });

  it('counts as synced about 2 s after boot, never with the unsynced fault', async () => {
    const [normal, faulty] = await Promise.all([
      buildTestGateway(),
      buildTestGateway({ simFaults: ['unsynced'] }),
    ]);
    expect((await getStatus(normal)).ntp_status).toBe(false);
    const unsynced = await getStatus(faulty);
    expect(unsynced).toMatchObject({
      ntp_status: false,
      sun_risetime: '--',
      sun_settime: '--',
      sun_isSunsetAvailable: false,
      sun_isDayPeriod: true,
    });
    expect(unsynced.ntp_localtime).toMatch(FORMAT);
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect((await getStatus(normal)).ntp_status).toBe(true);
    expect((await getTime(normal)).ntp_status).toBe(true);
    expect((await getStatus(faulty)).ntp_status).toBe(false);
    await post(faulty, TIME, NOON);
    expect((await getStatus(faulty)).ntp_status).toBe(true);
  });
});

describe('authorization', () => {
  it.each([CONFIG, TIME])('GET and POST %s need the admin password', async (url) => {
    const gw = await buildTestGateway({ simFaults: ['unsynced'] });
    const get = await gw.request('GET', url, { auth: null });
    expect(get.status).toBe(401);
    const data = url === CONFIG ? VALID : NOON;
    const postAnonymous = await gw.request('POST', url, { auth: null, data });
    expect(postAnonymous.status).toBe(401);
    expect(await getConfig(gw)).toMatchObject({ ntp_server: 'opendtu.pool.ntp.org' });
    expect((await getTime(gw)).ntp_status).toBe(false);
  });

  it('GET /api/ntp/status is open while allow_readonly is on, 401 when it is off', async () => {
    const gw = await buildTestGateway();
    const open = await gw.request('GET', STATUS, { auth: null });
    expect(open.status).toBe(200);
    NtpStatusSchema.parse(await open.json());
    await gw.app.store.update((draft) => {
      draft.security.allow_readonly = false;
    });
    expect((await gw.request('GET', STATUS, { auth: null })).status).toBe(401);
    expect((await gw.request('GET', STATUS)).status).toBe(200);
  });
});
