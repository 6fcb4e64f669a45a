import { ADMIN_AUTH } from './build-test-app.js';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.js';

/**
 * A site's DTU on a broker: our simulated gateway as its own process at noon on a clear day,
 * publishing OpenDTU's tree (integrations §2) under `prefix` to `broker` every 5 s, with its
 * last will, as an OpenDTU set up through its MQTT settings does. Killed after the test.
 */
export async function startPublishingSite(
  broker: { host: string; port: number },
  prefix: string,
  { variant = 0 }: { variant?: number } = {},
): Promise<GatewayProcess> {
  const gateway = await startGatewayProcess({
    env: {
      SIM_START: '2025-06-21T12:00:00',
      SIM_WEATHER: 'clear',
      SIM_METER: 'none',
      HISTORY: 'off',
      ...(variant ? { SIM_FLEET_VARIANT: String(variant) } : {}),
    },
  });
  const headers = { authorization: ADMIN_AUTH };
  const current = (await (
    await fetch(`${gateway.url}/api/mqtt/config`, { headers })
  ).json()) as Record<string, unknown>;
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
    headers,
    body: form,
  });
  const answer = (await saved.json()) as { code?: number };
  if (answer.code !== 1001) throw new Error(`MQTT settings refused: ${JSON.stringify(answer)}`);
  return gateway;
}
