import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GridMeterConfigSchema,
  GridMeterStatusSchema,
  PowerSettingsResultSchema,
  type GridMeterConfigData,
} from '@heliodtu/contract/grid-meter';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { loopbackHttp } from '../../test/helpers/loopback-device.js';
import {
  checkDigestAnswer,
  digestChallengeHeader,
  DigestNonces,
  parseDigestAnswer,
} from '../auth/digest.js';
import { GRID_METER_FILE } from '../grid-meter/grid-meter-settings.js';
import { STATE_DIR } from '../store/chip-id.js';

const CONFIG = '/api/gridmeter/config';
const SHELLY_PATH = '/rpc/EM.GetStatus?id=0';

/** A Shelly Pro 3EM's EM.GetStatus answer (Shelly's names; import positive). */
const emStatus = (total: number) => ({
  id: 0,
  a_act_power: total / 3,
  b_act_power: total / 3,
  c_act_power: total / 3,
  total_act_power: total,
});

/** A loopback Shelly Pro 3EM with Digest login (realm 'shellypro3em', user 'admin'). */
async function digestShelly(password: string, watts: () => number): Promise<string> {
  const nonces = new DigestNonces(() => Date.now());
  const realm = 'shellypro3em-test';
  return loopbackHttp((req: IncomingMessage, res: ServerResponse) => {
    const answer = parseDigestAnswer(req.headers.authorization);
    const verdict =
      answer &&
      checkDigestAnswer(answer, {
        realm,
        user: 'admin',
        password,
        method: 'GET',
        uri: req.url ?? '',
        nonces,
      });
    if (verdict !== 'accepted') {
      res.writeHead(401, { 'www-authenticate': digestChallengeHeader(realm, nonces) }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(emStatus(watts())));
  });
}

const httpSettings = (
  url: string,
  over: Partial<GridMeterConfigData['http']> = {},
): GridMeterConfigData => ({
  source: 'http',
  invert_sign: false,
  stale_after_s: 30,
  mqtt: { topics: [], json_path: '' },
  http: { url, json_path: 'total_act_power', auth: 'none', username: '', interval_s: 5, ...over },
  broker: { url: '', username: '' },
});

describe('/api/gridmeter', () => {
  it('a fresh simulated gateway without a house: source none, state off, public status', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('GET', '/api/gridmeter/status', { auth: null });
    expect(response.status).toBe(200);
    const status = GridMeterStatusSchema.parse(await response.json());
    expect(status).toMatchObject({ source: 'none', state: 'off', power_w: null, today: null });
    const config = GridMeterConfigSchema.parse(await gw.get(CONFIG));
    expect(config).toMatchObject({ source: 'none', simulated_available: false, companion: false });
  });

  it('reads a Shelly Pro 3EM over HTTP with Digest; the password is write-only and kept in a 0600 file', async () => {
    const base = await digestShelly('s3cret', () => 1234.5);
    const gw = await buildTestGateway();
    const data = httpSettings(`${base}${SHELLY_PATH}`, {
      auth: 'digest',
      username: 'admin',
      password: 's3cret',
    });
    const saved = await gw.request('POST', CONFIG, { data });
    expect(PowerSettingsResultSchema.parse(await saved.json())).toMatchObject({ ok: true });
    const read = GridMeterStatusSchema.parse(await gw.post('/api/gridmeter/read', {}));
    expect(read).toMatchObject({ source: 'http', state: 'ok', power_w: 1234.5 });
    expect(read.consumption_w).toBe(read.production_w + 1234.5);
    const config = GridMeterConfigSchema.parse(await gw.get(CONFIG));
    expect(config.http).toMatchObject({ auth: 'digest', username: 'admin', password_set: true });
    expect(JSON.stringify(config)).not.toContain('s3cret');
    const file = path.join(gw.dataDir, STATE_DIR, GRID_METER_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('a wrong password, a wrong path and a meter that is gone give plain states, never a reading', async () => {
    const base = await digestShelly('right', () => 300);
    const gw = await buildTestGateway();
    const url = `${base}${SHELLY_PATH}`;
    const login = { auth: 'digest' as const, username: 'admin', password: 'wrong' };
    await gw.request('POST', CONFIG, { data: httpSettings(url, login) });
    let status = GridMeterStatusSchema.parse(await gw.post('/api/gridmeter/read', {}));
    expect(status).toMatchObject({ state: 'unreachable', power_w: null });
    expect(status.detail).toContain('401');
    const right = { ...login, password: 'right', json_path: 'total_power' };
    await gw.request('POST', CONFIG, { data: httpSettings(url, right) });
    status = GridMeterStatusSchema.parse(await gw.post('/api/gridmeter/read', {}));
    expect(status).toMatchObject({ state: 'no_path', power_w: null });
    const gone = httpSettings('http://127.0.0.1:9/rpc/EM.GetStatus?id=0');
    await gw.request('POST', CONFIG, { data: gone });
    status = GridMeterStatusSchema.parse(await gw.post('/api/gridmeter/read', {}));
    expect(status).toMatchObject({ state: 'unreachable', power_w: null });
  });

  it('reads with Basic login', async () => {
    const base = await loopbackHttp((req, res) => {
      const expected = `Basic ${Buffer.from('admin:pw').toString('base64')}`;
      if (req.headers.authorization !== expected) return void res.writeHead(401).end();
      res.writeHead(200).end(JSON.stringify({ total_power: -250 }));
    });
    const gw = await buildTestGateway();
    const data = httpSettings(`${base}/status`, {
      auth: 'basic',
      username: 'admin',
      password: 'pw',
      json_path: 'total_power',
    });
    await gw.request('POST', CONFIG, { data });
    const status = GridMeterStatusSchema.parse(await gw.post('/api/gridmeter/read', {}));
    expect(status).toMatchObject({ state: 'ok', power_w: -250 });
  });

  it('bad input gets a clear error and changes nothing', async () => {
    const gw = await buildTestGateway();
    const good = httpSettings('http://127.0.0.1:9/status');
    await gw.request('POST', CONFIG, { data: good });
    const file = path.join(gw.dataDir, STATE_DIR, GRID_METER_FILE);
    const before = await readFile(file, 'utf8');
    for (const [data, field] of [
      [{ ...good, stale_after_s: 9 }, 'stale_after_s'],
      [{ ...good, http: { ...good.http, url: 'ftp://meter/x' } }, 'http.url'],
      [{ ...good, source: 'simulated' }, 'source'],
      [{ ...good, source: 'mqtt', mqtt: { topics: [], json_path: '' } }, 'mqtt.topics'],
      [{ nonsense: true }, 'data'],
    ] as const) {
      const response = await gw.request('POST', CONFIG, { data });
      expect(response.status).toBe(400);
      const result = PowerSettingsResultSchema.parse(await response.json());
      expect(result).toMatchObject({ ok: false, field });
      expect(result.message.length).toBeGreaterThan(10);
    }
    expect(await readFile(file, 'utf8')).toBe(before);
  });
});
