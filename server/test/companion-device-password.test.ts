import { describe, expect, it } from 'vitest';
import { CompanionStatusSchema, type CompanionDevice } from '@heliodtu/contract/companion';
import { LiveDataStatusSchema } from '@heliodtu/contract/live-data';
import { basicAuth, buildTestGateway } from './helpers/build-test-app.js';
import { startCompanionApp } from './helpers/companion-app.js';
import { waitFor } from './helpers/live-gateway.js';

/**
 * The default-password hint behind a companion (issue 34): the live data's hint is the
 * companion's own login's, and whether a device still has the default password is said per
 * device in /api/companion/status. The devices are our own gateway in simulation mode, in this
 * process: Roof keeps the default password, Barn has one of its own.
 */

const BARN_PASSWORD = 'Barn-Own-Pass-5';

async function startDevices() {
  const [roof, barn] = await Promise.all([
    buildTestGateway({ simFleet: 'demo' }),
    buildTestGateway({ simFleet: 'demo' }),
  ]);
  expect(
    await barn!.post('/api/security/config', { password: BARN_PASSWORD, allow_readonly: true }),
  ).toMatchObject({ type: 'success' });
  return startCompanionApp(roof!.url, 'openDTU42', {
    devices: [
      { name: 'Roof', url: roof!.url, password: 'openDTU42' },
      { name: 'Barn', url: barn!.url, password: BARN_PASSWORD },
    ],
  });
}

describe("a device's own default password behind a companion", () => {
  it('is told per device in the companion status; the live data hint stays the companion’s', async () => {
    const companion = await startDevices();
    const devices = await waitFor(
      async () => {
        const status = CompanionStatusSchema.parse(
          await (await companion.fetch('/api/companion/status', { auth: null })).json(),
        );
        return status.devices.every((d) => d.default_password !== null) && status.devices;
      },
      10_000,
      'live data from both devices',
    );
    const passwordOf = (list: readonly CompanionDevice[]) =>
      list.map((d) => [d.id, d.default_password]);
    expect(passwordOf(devices)).toEqual([
      ['roof', true],
      ['barn', false],
    ]);

    // The companion's own login: default, so its live data says so, whatever the devices say.
    const live = async () =>
      LiveDataStatusSchema.parse(
        await (await companion.fetch('/api/livedata/status', { auth: null })).json(),
      ).hints.default_password;
    expect(await live()).toBe(true);
    const saved = await companion.fetch('/api/security/config', {
      method: 'POST',
      body: (() => {
        const body = new FormData();
        body.append('data', JSON.stringify({ password: 'Companion-Own-7', allow_readonly: true }));
        return body;
      })(),
    });
    expect(await saved.json()).toMatchObject({ type: 'success' });
    expect(await live()).toBe(false);
    // The devices' own logins did not change with it.
    const after = CompanionStatusSchema.parse(
      await (
        await companion.fetch('/api/companion/status', { auth: basicAuth('Companion-Own-7') })
      ).json(),
    );
    expect(passwordOf(after.devices)).toEqual([
      ['roof', true],
      ['barn', false],
    ]);
  });

  it('is null until the device sent live data', async () => {
    const device = await buildTestGateway({ simFleet: 'none' });
    const companion = await startCompanionApp(device.url, 'openDTU42');
    const status = CompanionStatusSchema.parse(
      await (await companion.fetch('/api/companion/status')).json(),
    );
    expect(status.devices.map((d) => d.default_password)).toEqual([null]);
  });
});
