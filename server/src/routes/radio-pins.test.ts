import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DtuConfigSchema } from '@heliodtu/contract/dtu';
import { LiveDataPartialStatusSchema } from '@heliodtu/contract/live-data';
import { DEFAULT_PIN_PROFILE, PIN_UNSET } from '@heliodtu/contract/domain/pin-mapping-file';
import { SystemStatusSchema } from '@heliodtu/contract/system';
import type { GatewayOptions } from '../env.js';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import { HM_SERIAL, HMS_SERIAL, HMT_SERIAL, waitFor } from '../../test/helpers/live-gateway.js';

const NO_PINS = { clk: PIN_UNSET, cs: PIN_UNSET, fcs: PIN_UNSET, sdio: PIN_UNSET };
const PROFILES = [
  { name: 'NRF only', cmt: { ...DEFAULT_PIN_PROFILE.cmt, ...NO_PINS } },
  {
    name: 'No radio',
    nrf24: { ...DEFAULT_PIN_PROFILE.nrf24, irq: PIN_UNSET },
    cmt: { ...DEFAULT_PIN_PROFILE.cmt, sdio: PIN_UNSET },
  },
];

/** The demo fleet at noon, booted again with `profile` selected from pin_mapping.json. */
async function bootWithProfile(profile: string, overrides: Partial<GatewayOptions> = {}) {
  const first = await buildTestGateway({
    simFleet: 'demo',
    simStart: '2025-06-21T12:00:00',
    simSpeed: 20,
    ...overrides,
  });
  await writeFile(path.join(first.dataDir, 'pin_mapping.json'), JSON.stringify(PROFILES));
  await first.app.store.update((draft) => {
    draft.device.pinmapping = profile;
  });
  const gw = await first.reboot();
  gw.app.clock.markSynced();
  return gw;
}

const dtuConfig = async (gw: TestGateway) => DtuConfigSchema.parse(await gw.get('/api/dtu/config'));
const systemStatus = async (gw: TestGateway) =>
  SystemStatusSchema.parse(await gw.get('/api/system/status'));
const liveStatus = async (gw: TestGateway) =>
  LiveDataPartialStatusSchema.parse(await gw.get('/api/livedata/status'));

describe('radios follow the active pin profile (wire-contract §4.6, §4.11)', () => {
  it('without CMT pins: CMT off everywhere, HMS/HMT unreachable, the HM still answers', async () => {
    const gw = await bootWithProfile('NRF only');
    expect(await dtuConfig(gw)).toMatchObject({ nrf_enabled: true, cmt_enabled: false });
    expect(await systemStatus(gw)).toMatchObject({
      nrf_configured: true,
      nrf_connected: true,
      cmt_configured: false,
      cmt_connected: false,
    });

    const reachable = async () => {
      const status = await liveStatus(gw);
      expect(status.hints.radio_problem).toBe(false);
      return Object.fromEntries(status.inverters.map((inv) => [inv.serial, inv.reachable]));
    };
    await waitFor(async () => (await reachable())[HM_SERIAL], 8000, 'the HM to answer');
    // Some more 5-s polls (0.25 s each at 20×): the CMT inverters never get an answer.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await reachable()).toEqual({
      [HM_SERIAL]: true,
      [HMS_SERIAL]: false,
      [HMT_SERIAL]: false,
    });
    expect(gw.app.device.inverterState(HMS_SERIAL)?.hasData).toBe(false);
    expect(gw.app.device.inverterState(HMT_SERIAL)?.hasData).toBe(false);
  });

  it('with the built-in pins both radios are on', async () => {
    const gw = await bootWithProfile('Default');
    expect(await dtuConfig(gw)).toMatchObject({ nrf_enabled: true, cmt_enabled: true });
    expect(await systemStatus(gw)).toMatchObject({ nrf_configured: true, cmt_configured: true });
  });

  it('a radio fault is a radio problem only while some radio is configured', async () => {
    const none = await bootWithProfile('No radio', { simFaults: ['radio'] });
    expect(await dtuConfig(none)).toMatchObject({ nrf_enabled: false, cmt_enabled: false });
    expect(await systemStatus(none)).toMatchObject({
      nrf_configured: false,
      nrf_connected: false,
      cmt_configured: false,
      cmt_connected: false,
    });
    expect((await liveStatus(none)).hints.radio_problem).toBe(false);

    const nrf = await bootWithProfile('NRF only', { simFaults: ['radio'] });
    expect(await systemStatus(nrf)).toMatchObject({
      nrf_configured: true,
      nrf_connected: false,
      cmt_configured: false,
    });
    expect((await liveStatus(nrf)).hints.radio_problem).toBe(true);
  });
});
