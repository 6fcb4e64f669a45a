import { loopbackHttp } from './loopback-device.js';

/**
 * A grid meter for tests of export control: a loopback HTTP server answering as a Shelly Pro
 * 3EM's `EM.GetStatus` (`total_act_power`, import positive), the house's load minus what the
 * inverters produce now, as the test reads it (so limits the controller sends show on the meter).
 */
export interface HouseMeter {
  /** The URL a gateway's HTTP meter polls. */
  url: string;
  /** The house's load, W; changed by the test. */
  load: number;
  /** Readings answered. */
  readings: number;
  /** false: the meter answers 503 (a Shelly that lost its network, as the gateway sees it). */
  answering: boolean;
}

export async function startHouseMeter(production: () => number, load: number): Promise<HouseMeter> {
  const meter: HouseMeter = { url: '', load, readings: 0, answering: true };
  const base = await loopbackHttp((_request, response) => {
    if (!meter.answering) {
      response.writeHead(503).end();
      return;
    }
    meter.readings += 1;
    const grid = Math.round((meter.load - production()) * 10) / 10;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 0, total_act_power: grid }));
  });
  meter.url = `${base}/rpc/EM.GetStatus?id=0`;
  return meter;
}

/** POST /api/gridmeter/config's `data` for an HTTP meter at `url`, polled every second. */
export function httpMeterSettings(url: string) {
  return {
    source: 'http',
    invert_sign: false,
    stale_after_s: 10,
    mqtt: { topics: [], json_path: '' },
    http: {
      url,
      json_path: 'total_act_power',
      auth: 'none',
      username: '',
      interval_s: 1,
    },
    broker: { url: '', username: '' },
  };
}
