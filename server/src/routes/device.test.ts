import { describe, expect, it } from 'vitest';
import { DeviceConfigSchema, type DeviceConfig } from '@heliodtu/contract/device';
import { DEFAULT_PIN_PROFILE } from '@heliodtu/contract/domain/pin-mapping-file';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import {
  configOnDisk,
  expectAdminOnlyConfig,
  expectConfigRefused,
  expectSaveFails,
} from '../../test/helpers/config-on-disk.js';

const URL = '/api/device/config';

const config = async (gw: TestGateway) => DeviceConfigSchema.parse(await gw.get(URL));

const deviceOnDisk = async (gw: TestGateway) => (await configOnDisk<{ device: object }>(gw)).device;

/** What the interface posts: the GET object, with curPin.name and display fields changed. */
const postBody = (
  current: DeviceConfig,
  change: { name?: string; display?: Record<string, unknown>; led?: unknown },
) => ({
  curPin: { ...current.curPin, name: change.name ?? 'Default' },
  display: { ...current.display, ...change.display },
  led: change.led ?? current.led,
});

const expectRefused = (gw: TestGateway, data: unknown, code: number, param?: object) =>
  expectConfigRefused(gw, URL, () => config(gw), data, code, param);

describe('GET /api/device/config', () => {
  it('answers the defaults of wire-contract §6.5 with the built-in pins', async () => {
    const gw = await buildTestGateway();
    expect(await config(gw)).toEqual({
      curPin: DEFAULT_PIN_PROFILE,
      display: {
        rotation: 2,
        power_safe: true,
        screensaver: true,
        contrast: 60,
        locale: 'en',
        diagramduration: 36_000,
        diagrammode: 1,
      },
      led: [{ brightness: 100 }, { brightness: 100 }],
    });
  });
});

describe('POST /api/device/config', () => {
  it('saves name, display and LEDs, answers 1001, and keeps them across a reboot', async () => {
    const gw = await buildTestGateway();
    const display = {
      rotation: 3,
      power_safe: false,
      screensaver: false,
      contrast: 0,
      locale: 'de',
      diagramduration: 600,
      diagrammode: 2,
    };
    const led = [{ brightness: 0 }, { brightness: 55 }];
    expect(
      await gw.post(URL, postBody(await config(gw), { name: 'My board', display, led })),
    ).toEqual({ type: 'success', message: 'Settings saved!', code: 1001 });
    const expected = { display, led, name: 'My board' };
    expect(await config(gw)).toMatchObject({ display, led, curPin: { name: 'My board' } });
    expect(await deviceOnDisk(gw)).toEqual({
      pinmapping: 'My board',
      display: {
        powersafe: false,
        screensaver: false,
        rotation: 3,
        contrast: 0,
        locale: 'de',
        diagram_duration: 600,
        diagram_mode: 2,
      },
      led,
    });
    const rebooted = await gw.reboot();
    expect(await config(rebooted)).toMatchObject({
      display: expected.display,
      led: expected.led,
      curPin: { name: expected.name },
    });
  });

  it('ignores the pins inside curPin and LED entries past the second', async () => {
    const gw = await buildTestGateway();
    const current = await config(gw);
    const data = postBody(current, {
      led: [{ brightness: 1 }, { brightness: 2 }, { brightness: 'not read' }],
    });
    data.curPin.nrf24 = { clk: 1, cs: 2, en: 3, irq: 4, miso: 5, mosi: 6 };
    expect(await gw.post(URL, data)).toMatchObject({ code: 1001 });
    const after = await config(gw);
    expect(after.curPin).toEqual({ ...DEFAULT_PIN_PROFILE, name: 'Default' });
    expect(after.led).toEqual([{ brightness: 1 }, { brightness: 2 }]);
  });

  it('keeps stored values for display fields and LEDs left out of the post', async () => {
    const gw = await buildTestGateway();
    expect(
      await gw.post(URL, { curPin: { name: 'Default' }, display: { contrast: 10 } }),
    ).toMatchObject({ code: 1001 });
    expect(
      await gw.post(URL, { curPin: { name: 'Default' }, led: [{}, { brightness: 7 }] }),
    ).toMatchObject({ code: 1001 });
    const after = await config(gw);
    expect(after.display).toMatchObject({
      contrast: 10,
      rotation: 2,
      locale: 'en',
      diagrammode: 1,
    });
    expect(after.led).toEqual([{ brightness: 100 }, { brightness: 7 }]);
  });

  it.each([
    ['neither curPin nor display', { led: [] }],
    ['curPin and display not objects', { curPin: 'Default', display: 1 }],
    ['curPin an array', { curPin: [], display: undefined }],
    ['curPin.name a number', { curPin: { name: 5 }, display: {} }],
    ['rotation negative', { curPin: { name: 'x' }, display: { rotation: -1 } }],
    ['power_safe a number', { curPin: { name: 'x' }, display: { power_safe: 1 } }],
    ['locale a number', { curPin: { name: 'x' }, display: { locale: 12 } }],
    ['led not an array', { curPin: { name: 'x' }, display: {}, led: { brightness: 1 } }],
    ['brightness a string', { curPin: { name: 'x' }, display: {}, led: [{ brightness: '5' }] }],
  ])('answers 1005 for %s', async (_name, data) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, data, 1005);
  });

  it.each([
    ['rotation 4', { display: { rotation: 4 } }],
    ['contrast 101', { display: { contrast: 101 } }],
    ['diagram duration 599', { display: { diagramduration: 599 } }],
    ['diagram duration 86401', { display: { diagramduration: 86_401 } }],
    ['diagram mode 3', { display: { diagrammode: 3 } }],
    ['locale of three letters', { display: { locale: 'deu' } }],
    ['empty locale', { display: { locale: '' } }],
    ['brightness 101', { led: [{ brightness: 100 }, { brightness: 101 }] }],
  ])('answers 1005 for the out-of-range %s (spec §5) and changes nothing', async (_n, change) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, postBody(await config(gw), change), 1005);
  });

  it.each([
    [
      'rotation 0, contrast 100, shortest diagram',
      { rotation: 0, contrast: 100, diagramduration: 600 },
    ],
    [
      'longest diagram, mode 0, one-letter locale',
      { diagramduration: 86_400, diagrammode: 0, locale: 'x' },
    ],
  ])('accepts the boundary: %s', async (_name, display) => {
    const gw = await buildTestGateway();
    expect(await gw.post(URL, postBody(await config(gw), { display }))).toMatchObject({
      code: 1001,
    });
    expect((await config(gw)).display).toMatchObject(display);
  });

  it.each([
    ['an empty name', { curPin: { name: '' }, display: {} }],
    ['a name of 64 characters', { curPin: { name: 'p'.repeat(64) }, display: {} }],
    ['no curPin', { display: { contrast: 5 } }],
    ['curPin without name', { curPin: {}, display: { contrast: 5 } }],
  ])('answers 12001 {max: 63} for %s', async (_name, data) => {
    const gw = await buildTestGateway();
    await expectRefused(gw, data, 12001, { max: 63 });
  });

  it('accepts a name of 63 characters', async () => {
    const gw = await buildTestGateway();
    const name = 'p'.repeat(63);
    expect(await gw.post(URL, postBody(await config(gw), { name }))).toMatchObject({ code: 1001 });
    expect((await config(gw)).curPin.name).toBe(name);
  });

  it.each([
    ['no data field', { body: new URLSearchParams({ other: '1' }) }, 1002],
    ['unparsable JSON', { data: '{curPin' }, 1004],
  ])('answers %s with its code', async (_name, init, code) => {
    const gw = await buildTestGateway();
    const response = await gw.request('POST', URL, init);
    expect(await response.json()).toMatchObject({ type: 'warning', code });
  });

  it('answers 1006 when config.json cannot be written, and keeps the old values', async () => {
    const gw = await buildTestGateway();
    await expectSaveFails(
      gw,
      URL,
      () => config(gw),
      (before) => postBody(before, { display: { contrast: 1 } }),
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
      const data = postBody(await config(gw), { display: { contrast: 33 } });
      await expectAdminOnlyConfig(gw, URL, data, async () => {
        expect((await config(gw)).display.contrast).toBe(60);
      });
      expect((await config(gw)).display.contrast).toBe(33);
    },
  );
});
