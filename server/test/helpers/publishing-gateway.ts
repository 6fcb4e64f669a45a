import { expect } from 'vitest';
import { ADMIN_AUTH } from './build-test-app.js';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.js';
import type { Mosquitto } from './mosquitto.js';

/**
 * Our simulated gateway as a process at noon on a clear day, publishing its tree (OpenDTU's,
 * integrations §2) under `prefix` on `broker` every 5 s: a device known only by its topics.
 * `env` adds to the simulation's (a fleet variant for other serials, SIM_SPEED…).
 */
export async function startPublishingGateway(
  broker: Mosquitto,
  prefix: string,
  env: Record<string, string> = {},
  onFinished?: (cleanup: () => Promise<void>) => void,
): Promise<GatewayProcess> {
  const gateway = await startGatewayProcess({
    env: {
      SIM_START: '2025-06-21T12:00:00',
      SIM_WEATHER: 'clear',
      SIM_METER: 'none',
      ...env,
    },
    ...(onFinished ? { onFinished } : {}),
  });
  const get = (path: string) =>
    fetch(gateway.url + path, { headers: { authorization: ADMIN_AUTH } }).then((r) => r.json());
  const current = (await get('/api/mqtt/config')) as Record<string, unknown>;
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      ...current,
      mqtt_enabled: true,
      mqtt_hostname: broker.host,
      mqtt_port: broker.port,
      mqtt_topic: prefix,
      mqtt_publish_interval: 5,
    }),
  );
  const saved = await fetch(`${gateway.url}/api/mqtt/config`, {
    method: 'POST',
    headers: { authorization: ADMIN_AUTH },
    body: form,
  });
  expect(await saved.json()).toMatchObject({ code: 1001 });
  return gateway;
}
