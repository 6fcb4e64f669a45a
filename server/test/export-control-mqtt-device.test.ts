import { describe, expect, it } from 'vitest';
import { CompanionFleet } from '../src/export-control/companion-fleet.js';
import type { SimLimitCommand } from '../src/routes/sim-test.js';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import { startCompanionApp } from './helpers/companion-app.js';
import { HM_SERIAL } from './helpers/live-gateway.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { waitFor } from './helpers/mqtt-watcher.js';
import { startPublishingGateway } from './helpers/publishing-gateway.js';

// Issues 35 and 37: export control's hands on a device known only by its topics. The device is
// our simulated gateway publishing OpenDTU's tree on a real Mosquitto; it counts the limit
// commands it takes by kind (SIM_TEST_API), so a persistent one would be seen where it lands.
const suite = useMosquitto();

describe('export control on a device reached through a broker', () => {
  it('sees its inverters with max power, sends a temporary limit on the command topic and reads it back', async () => {
    const cottage = await startPublishingGateway(suite.broker, 'cottage/', {
      SIM_TEST_API: '1',
      HISTORY: 'off',
    });
    const companion = await startCompanionApp('', '', {
      devices: [{ name: 'Cottage', url: `${suite.broker.url}/cottage/`, password: '' }],
    });
    const fleet = new CompanionFleet({
      registry: companion.app.devices!,
      clock: companion.app.clock,
    });
    const find = () => fleet.inverters().find((i) => i.serial === HM_SERIAL);
    await waitFor(
      () => {
        const inverter = find();
        return inverter?.reachable && inverter.max_power_w === 800 && inverter.power_w! > 0;
      },
      'the inverter reachable with power and its max power (from its part number)',
      40_000,
    );

    const sentAt = fleet.now();
    await fleet.sendTemporaryLimit('cottage', HM_SERIAL, 300);
    await waitFor(
      () => {
        const inverter = find();
        return (
          inverter?.readback_w != null &&
          Math.abs(inverter.readback_w - 300) <= 6 &&
          inverter.readback_at !== null &&
          inverter.readback_at >= sentAt
        );
      },
      'the limit read back from the topics',
      40_000,
    );
    const taken = (await (
      await fetch(`${cottage.url}/api/test/sim-limits`, { headers: { authorization: ADMIN_AUTH } })
    ).json()) as { temporary: number; persistent: number; last: SimLimitCommand[] };
    expect(taken).toMatchObject({ temporary: 1, persistent: 0 });
    expect(taken.last).toEqual([
      { serial: HM_SERIAL, value: 300, relative: false, persistent: false },
    ]);

    // Away (its last will): its inverter unreachable, a command refused in plain words.
    await cottage.kill();
    await waitFor(() => find()?.reachable === false, 'the inverter unreachable', 15_000);
    await expect(fleet.sendTemporaryLimit('cottage', HM_SERIAL, 200)).rejects.toThrow(
      /away|not sent/,
    );
    fleet.close();
  }, 120_000);
});
