import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeviceConfigSchema, type DeviceConfig } from '@heliodtu/contract/device';
import { DEFAULT_PIN_PROFILE } from '@heliodtu/contract/domain/pin-mapping-file';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';

const URL = '/api/device/config';

const config = async (gw: TestGateway) => DeviceConfigSchema.parse(await gw.get(URL));

/** Select a profile name the way the interface does: post the GET object back. */
const select = async (gw: TestGateway, name: string) => {
  const current: DeviceConfig = await config(gw);
  return gw.post(URL, { ...current, curPin: { ...current.curPin, name } });
};

const PROFILES = [
  {
    name: 'Zeta board',
    links: [{ name: 'Docs', url: 'https://example.org/zeta' }],
    nrf24: { clk: 12, cs: 15, en: 33, irq: 34, miso: 13, mosi: 14 },
    cmt: { clk: 18, cs: 4, fcs: 5, sdio: 23, gpio2: 19, gpio3: 16 },
    display: { type: 2, data: 21, clk: 22, cs: 255, reset: 255 },
    led: { led0: 25, led1: 26 },
  },
  { name: 'Nameless pins', nrf24: { clk: 'x' } },
  { links: [] },
];

async function writePinMapping(gw: TestGateway, content: unknown) {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  await writeFile(path.join(gw.dataDir, 'pin_mapping.json'), text);
}

describe('GET /api/device/config: pins from pin_mapping.json', () => {
  it('shows the pins of the pin_mapping.json profile selected at boot, without links', async () => {
    const gw = await buildTestGateway();
    await writePinMapping(gw, PROFILES);
    expect(await select(gw, 'Zeta board')).toMatchObject({
      code: 1001,
    });
    // Active pins change with the next boot only (wire-contract §4.7), the name at once.
    expect((await config(gw)).curPin).toEqual({ ...DEFAULT_PIN_PROFILE, name: 'Zeta board' });

    const rebooted = await gw.reboot();
    const { links: _links, ...zeta } = PROFILES[0]!;
    expect((await config(rebooted)).curPin).toEqual({
      ...zeta,
      w5500: DEFAULT_PIN_PROFILE.w5500,
      eth: DEFAULT_PIN_PROFILE.eth,
    });
  });

  it('fills pins missing or malformed in a profile with the built-in ones', async () => {
    const gw = await buildTestGateway();
    await writePinMapping(gw, PROFILES);
    await select(gw, 'Nameless pins');
    const rebooted = await gw.reboot();
    expect((await config(rebooted)).curPin).toEqual({
      ...DEFAULT_PIN_PROFILE,
      name: 'Nameless pins',
    });
  });

  it.each([
    ['a name no profile has', PROFILES, 'Default'],
    ['no JSON', '[{"name": "Zeta board",', 'Zeta board'],
    ['no array', { name: 'Zeta board' }, 'Zeta board'],
  ])('falls back to the built-in pins for %s', async (_name, content, selected) => {
    const gw = await buildTestGateway();
    await writePinMapping(gw, content);
    await select(gw, selected);
    const rebooted = await gw.reboot();
    expect((await config(rebooted)).curPin).toEqual({ ...DEFAULT_PIN_PROFILE, name: selected });
  });
});
