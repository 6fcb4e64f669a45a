import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDtuSerial } from '@heliodtu/contract/domain/dtu-serial';
import { countryDefinitions } from '@heliodtu/contract/domain/frequency';
import { DtuConfigSchema, type DtuConfig } from '@heliodtu/contract/dtu';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import {
  configOnDisk,
  expectAdminOnlyConfig,
  expectConfigRefused,
  expectSaveFails,
} from '../../test/helpers/config-on-disk.js';

const URL = '/api/dtu/config';

const config = async (gw: TestGateway) => DtuConfigSchema.parse(await gw.get(URL));

const dtuOnDisk = async (gw: TestGateway) => (await configOnDisk<{ dtu: object }>(gw)).dtu;

/** What the interface posts: the GET object with some fields changed. */
const postBody = (current: DtuConfig, change: Record<string, unknown>) => ({
  ...current,
  ...change,
});

const expectRefused = (gw: TestGateway, data: unknown, code: number, param?: object) =>
  expectConfigRefused(gw, URL, () => config(gw), data, code, param);

describe('GET /api/dtu/config', () => {
  it('answers the defaults of wire-contract §6.4 in the contract shape', async () => {
    const gw = await buildTestGateway();
    expect(await config(gw)).toEqual({
      serial: generateDtuSerial(gw.app.system.chipId),
      pollinterval: 5,
      nrf_enabled: true,
      nrf_palevel: 0,
      cmt_enabled: true,
      cmt_palevel: 0,
      cmt_frequency: 865_000_000,
      cmt_country: 0,
      cmt_chan_width: 250_000,
      country_def: countryDefinitions(),
    });
  });

  it('generates the DTU serial from the chip id at first boot, saves it and keeps it', async () => {
    const gw = await buildTestGateway();
    const serial = generateDtuSerial(gw.app.system.chipId);
    expect(serial).toMatch(/^1999801\d{5}$/);
    expect(await dtuOnDisk(gw)).toMatchObject({ serial: Number.parseInt(serial, 16) });
    expect(gw.app.consoleLog.backlog().join('')).toContain(`DTU serial generated: ${serial}`);
    const again = await gw.reboot();
    expect((await config(again)).serial).toBe(serial);
    expect(await dtuOnDisk(again)).toMatchObject({ serial: Number.parseInt(serial, 16) });
  });

  it('replaces the firmware placeholder serial at boot but keeps a chosen one', async () => {
    const gw = await buildTestGateway();
    const file = path.join(gw.dataDir, 'config.json');
    const stored = JSON.parse(await readFile(file, 'utf8')) as { dtu: { serial: number } };
    stored.dtu.serial = 0x99978563412;
    await gw.app.close();
    await writeFile(file, JSON.stringify(stored));
    const rebooted = await buildTestGateway({}, gw.dataDir);
    expect((await config(rebooted)).serial).toBe(generateDtuSerial(rebooted.app.system.chipId));

    await rebooted.post(URL, postBody(await config(rebooted), { serial: '123456789012' }));
    const third = await rebooted.reboot();
    expect((await config(third)).serial).toBe('123456789012');
  });
});

describe('POST /api/dtu/config', () => {
  it('saves every field, answers 1001, and keeps them across a reboot', async () => {
    const gw = await buildTestGateway();
    const change = {
      serial: '199980154321',
      pollinterval: 17,
      nrf_palevel: 3,
      cmt_palevel: -7,
      cmt_frequency: 918_250_000,
      cmt_country: 2,
    };
    expect(await gw.post(URL, postBody(await config(gw), change))).toEqual({
      type: 'success',
      message: 'Settings saved!',
      code: 1001,
    });
    expect(await config(gw)).toMatchObject(change);
    expect(await dtuOnDisk(gw)).toEqual({
      serial: 0x199980154321,
      poll_interval: 17,
      nrf_pa_level: 3,
      cmt_pa_level: -7,
      cmt_frequency: 918_250_000,
      cmt_country_mode: 2,
    });
    const rebooted = await gw.reboot();
    expect(await config(rebooted)).toMatchObject(change);
  });

  it('needs only the six checked fields, ignores others and stores the serial lowercase', async () => {
    const gw = await buildTestGateway();
    const data = {
      serial: '10F7ABCDEF12',
      pollinterval: 86_400,
      nrf_palevel: 0,
      cmt_palevel: 20,
      cmt_frequency: 923_500_000,
      cmt_country: 0,
      cmt_chan_width: 1,
      nrf_enabled: false,
    };
    expect(await gw.post(URL, data)).toMatchObject({ code: 1001 });
    expect(await config(gw)).toMatchObject({
      serial: '10f7abcdef12',
      pollinterval: 86_400,
      cmt_palevel: 20,
      cmt_chan_width: 250_000,
      nrf_enabled: true,
    });
  });

  it.each([
    ['lowest poll interval, levels and Europe minimum', { pollinterval: 1, cmt_palevel: -10 }],
    ['Europe maximum', { cmt_frequency: 923_500_000, cmt_country: 0 }],
    ['North America minimum', { cmt_frequency: 900_250_000, cmt_country: 1 }],
    ['North America maximum', { cmt_frequency: 963_500_000, cmt_country: 1 }],
    ['Brazil minimum', { cmt_frequency: 900_250_000, cmt_country: 2 }],
    ['largest serial of the spec', { serial: '199999999999' }],
    ['serial 1', { serial: '1' }],
  ])('accepts the boundary: %s', async (_name, change) => {
    const gw = await buildTestGateway();
    expect(await gw.post(URL, postBody(await config(gw), change))).toMatchObject({ code: 1001 });
    expect(await config(gw)).toMatchObject(change);
  });

  it.each([
    ['serial as a number', { serial: 199980112345 }],
    ['pollinterval negative', { pollinterval: -1 }],
    ['pollinterval as a string', { pollinterval: '5' }],
    ['pollinterval above uint32', { pollinterval: 2 ** 32 }],
    ['nrf_palevel above uint8', { nrf_palevel: 256 }],
    ['cmt_palevel above int8', { cmt_palevel: 128 }],
    ['cmt_palevel fractional', { cmt_palevel: 1.5 }],
    ['cmt_frequency negative', { cmt_frequency: -865_000_000 }],
    ['cmt_country as a bool', { cmt_country: false }],
    ['cmt_country missing', { cmt_country: undefined }],
  ])('answers 1005 for %s', async (_name, change) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, postBody(await config(gw), change), 1005);
  });

  it.each([
    ['no data field', { body: new URLSearchParams({ other: '1' }) }, 1002],
    ['unparsable JSON', { data: '{serial' }, 1004],
    ['an array', { data: [] }, 1005],
  ])('answers %s with its code', async (_name, init, code) => {
    const gw = await buildTestGateway();
    const response = await gw.request('POST', URL, init);
    expect(await response.json()).toMatchObject({ type: 'warning', code });
  });

  it.each([
    ['serial 0', 2001, { serial: '0' }],
    ['empty serial', 2001, { serial: '' }],
    ['serial with a non-hex character', 2001, { serial: '19998011234x' }],
    ['serial above 199999999999', 2001, { serial: '200000000000' }],
    ['serial of 13 digits', 2001, { serial: '1999801123450' }],
    ['poll interval 0', 2002, { pollinterval: 0 }],
    ['poll interval above 86400', 2002, { pollinterval: 86_401 }],
    ['NRF level 4', 2003, { nrf_palevel: 4 }],
    ['CMT level -11', 2003, { cmt_palevel: -11 }],
    ['CMT level 21', 2003, { cmt_palevel: 21 }],
    ['country 3', 2005, { cmt_country: 3 }],
    ['country 255', 2005, { cmt_country: 255 }],
  ])('refuses %s with %i and changes nothing', async (_name, code, change) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, postBody(await config(gw), change), code);
  });

  it.each([
    [0, 860_000_000, 860_250_000, 923_500_000],
    [0, 923_750_000, 860_250_000, 923_500_000],
    [0, 865_100_000, 860_250_000, 923_500_000],
    [1, 865_000_000, 900_250_000, 963_500_000],
    [1, 963_750_000, 900_250_000, 963_500_000],
    [1, 918_000_001, 900_250_000, 963_500_000],
    [2, 900_000_000, 900_250_000, 963_500_000],
    [2, 964_000_000, 900_250_000, 963_500_000],
  ])(
    'answers 2004 for country %i at %i Hz with the range {%i, %i} in Hz',
    async (country, hz, min, max) => {
      const gw = await buildTestGateway();
      const data = postBody(await config(gw), { cmt_country: country, cmt_frequency: hz });
      await expectRefused(gw, data, 2004, { min, max });
    },
  );

  it('checks in the device order: serial, poll, level, country, frequency', async () => {
    const gw = await buildTestGateway();
    const base = await config(gw);
    const bad = {
      serial: '0',
      pollinterval: 0,
      nrf_palevel: 9,
      cmt_country: 7,
      cmt_frequency: 1,
    };
    await expectRefused(gw, postBody(base, bad), 2001);
    await expectRefused(gw, postBody(base, { ...bad, serial: base.serial }), 2002);
    await expectRefused(gw, postBody(base, { ...bad, serial: base.serial, pollinterval: 5 }), 2003);
    const levelsFine = { ...bad, serial: base.serial, pollinterval: 5, nrf_palevel: 1 };
    await expectRefused(gw, postBody(base, levelsFine), 2005);
    await expectRefused(gw, postBody(base, { ...levelsFine, cmt_country: 1 }), 2004, {
      min: 900_250_000,
      max: 963_500_000,
    });
  });

  it('answers 1006 when config.json cannot be written, and keeps the old values', async () => {
    const gw = await buildTestGateway();
    await expectSaveFails(
      gw,
      URL,
      () => config(gw),
      (before) => postBody(before, { pollinterval: 9 }),
    );
  });
});

describe('authorization', () => {
  it.each([true, false])(
    'admin only, with allow_readonly %s: anonymous 401, wrong password 401, admin 200',
    async (allowReadonly) => {
      const gw = await buildTestGateway();
      await gw.app.store.update((draft) => {
        draft.security.allow_readonly = allowReadonly;
      });
      const data = postBody(await config(gw), { pollinterval: 30 });
      await expectAdminOnlyConfig(gw, URL, data, async () => {
        expect((await config(gw)).pollinterval).toBe(5);
      });
      expect((await config(gw)).pollinterval).toBe(30);
    },
  );
});
