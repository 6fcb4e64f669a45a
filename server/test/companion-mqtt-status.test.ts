import { describe, expect, it } from 'vitest';
import { CompanionStatusSchema } from '@heliodtu/contract/companion';
import { startCompanionApp } from './helpers/companion-app.js';
import { useMosquitto } from './helpers/mosquitto-suite.js';
import { waitFor } from './helpers/mqtt-watcher.js';
import { publishRetainedTree } from './helpers/published-tree.js';

/**
 * Issue 37: the companion's status says which devices it knows only by their topics, and where
 * their own web interface is (the IP they publish), so that the settings screens can say so
 * and link there. A real Mosquitto carries a retained tree.
 */
const suite = useMosquitto();

async function statusOf(companion: Awaited<ReturnType<typeof startCompanionApp>>) {
  const answer = await companion.fetch('/api/companion/status');
  expect(answer.status).toBe(200);
  return CompanionStatusSchema.parse(await answer.json()).devices;
}

describe('the companion status of a device known by its MQTT topics', () => {
  it('says the source is MQTT and links to the IP the device published', async () => {
    const publisher = await suite.watch('nothing/#');
    await publishRetainedTree(
      publisher.client,
      'status-a/',
      { hostname: 'Cottage', ip: '192.168.7.20' },
      [{ serial: '114180000001', name: 'Roof east' }],
    );
    const companion = await startCompanionApp(`${suite.broker.url}/status-a/`, '');
    const [device] = await waitFor(async () => {
      const devices = await statusOf(companion);
      return devices[0]?.reachable ? devices : undefined;
    }, 'the device heard');
    expect(device).toMatchObject({ source: 'mqtt', web_url: 'http://192.168.7.20/' });
  });

  it('gives no link while the device published no IP, nor for one that is not an address', async () => {
    const publisher = await suite.watch('nothing/#');
    await publishRetainedTree(publisher.client, 'status-b/', { hostname: 'Garden' }, [
      { serial: '114180000002', name: 'Shed' },
    ]);
    await publishRetainedTree(
      publisher.client,
      'status-c/',
      { hostname: 'Odd', ip: 'javascript:alert(1)' },
      [{ serial: '114180000003', name: 'Odd one' }],
    );
    const companion = await startCompanionApp('', '', {
      devices: [
        { name: 'Garden', url: `${suite.broker.url}/status-b/`, password: '' },
        { name: 'Odd', url: `${suite.broker.url}/status-c/`, password: '' },
      ],
    });
    const devices = await waitFor(async () => {
      const listed = await statusOf(companion);
      return listed.every((device) => device.reachable) ? listed : undefined;
    }, 'both devices heard');
    expect(devices.map((device) => [device.id, device.source, device.web_url])).toEqual([
      ['garden', 'mqtt', undefined],
      ['odd', 'mqtt', undefined],
    ]);
  });
});
