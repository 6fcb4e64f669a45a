import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chipIdHex, resolveHostname } from '@heliodtu/contract/domain/hostname';
import { ApiResultSchema } from '@heliodtu/contract/envelope';
import {
  NETWORK_WARNINGS,
  NetworkConfigResponseSchema,
  NetworkConfigSchema,
  NetworkStatusSchema,
  isValidIpv4,
  type NetworkConfig,
  type NetworkConfigRequest,
} from '@heliodtu/contract/network';
import {
  networkConfigFixture,
  staticIpv4Fixture,
} from '@heliodtu/contract/fixtures/network-config';
import { buildTestGateway, type TestGateway } from '../../test/helpers/build-test-app.js';
import { blockConfigWrites } from '../../test/helpers/config-on-disk.js';

const DEFAULTS: NetworkConfig = networkConfigFixture;
const STATIC: Required<NetworkConfigRequest> = {
  hostname: 'Roof DTU_%06X',
  ...staticIpv4Fixture,
  ssid: 'HomeNet',
  password: 'wifi-secret',
  aptimeout: 0,
  mdnsenabled: true,
};
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

const config = async (gw: TestGateway) =>
  NetworkConfigSchema.parse(await gw.get('/api/network/config'));
const status = async (gw: TestGateway) =>
  NetworkStatusSchema.parse(await gw.get('/api/network/status'));

describe('GET /api/network/config', () => {
  it('answers the defaults with the API field names', async () => {
    const gw = await buildTestGateway();
    const body = await config(gw);
    expect(body).toEqual(DEFAULTS);
    expect(Object.keys(body).sort()).toEqual(Object.keys(DEFAULTS).sort());
  });
});

describe('POST /api/network/config', () => {
  it('saves with 1001 into the config file sections, and keeps it across a reboot', async () => {
    const first = await buildTestGateway();
    const result = await first.post('/api/network/config', STATIC);
    expect(NetworkConfigResponseSchema.parse(result)).toEqual({
      type: 'success',
      message: 'Settings saved!',
      code: 1001,
    });
    expect(await config(first)).toEqual(STATIC);
    const file = JSON.parse(await readFile(path.join(first.dataDir, 'config.json'), 'utf8'));
    expect(file.wifi).toMatchObject({
      ip: '192.168.178.50',
      hostname: 'Roof DTU_%06X',
      aptimeout: 0,
    });
    expect(file.mdns).toEqual({ enabled: true });
    const gw = await first.reboot();
    expect(await config(gw)).toEqual(STATIC);
  });

  it('treats a missing mdnsenabled as false and stores addresses without leading zeros', async () => {
    const gw = await buildTestGateway();
    await gw.post('/api/network/config', STATIC);
    const { mdnsenabled: _omit, ...rest } = STATIC;
    const result = await gw.post('/api/network/config', { ...rest, ipaddress: '192.168.001.050' });
    expect(result).toMatchObject({ code: 1001 });
    expect(await config(gw)).toMatchObject({ mdnsenabled: false, ipaddress: '192.168.1.50' });
  });

  it('accepts an empty SSID and the upper bounds', async () => {
    const gw = await buildTestGateway();
    const edge = {
      ...STATIC,
      ssid: '',
      hostname: 'h'.repeat(31),
      password: 'p'.repeat(63),
      aptimeout: 99999,
    };
    expect(await gw.post('/api/network/config', edge)).toMatchObject({ code: 1001 });
    expect(await config(gw)).toEqual(edge);
  });

  const coded: [string, Partial<NetworkConfigRequest>, number][] = [
    ['an invalid IP address', { ipaddress: '192.168.1.256' }, 8001],
    ['an invalid IP address with DHCP on', { ipaddress: 'dhcp', dhcp: true }, 8001],
    ['an invalid netmask', { netmask: '255.255.255' }, 8002],
    ['an invalid gateway', { gateway: '' }, 8003],
    ['an invalid DNS 1', { dns1: '1.1.1.1.1' }, 8004],
    ['an invalid DNS 2', { dns2: 'dns.example' }, 8005],
    ['an AP timeout above 99999', { aptimeout: 100000 }, 8006],
  ];
  it.each(coded)('answers %s with its code and changes nothing', async (_name, change, code) => {
    const gw = await buildTestGateway();
    const before = await config(gw);
    const result = ApiResultSchema.parse(
      await gw.post('/api/network/config', { ...STATIC, ...change }),
    );
    expect(result).toEqual({ type: 'warning', message: expect.any(String), code });
    expect(result.message).not.toBe('');
    expect(await config(gw)).toEqual(before);
  });

  const uncoded: [string, Partial<NetworkConfigRequest>, string][] = [
    ['an empty hostname', { hostname: '' }, NETWORK_WARNINGS.hostname],
    ['a 32-character hostname', { hostname: 'h'.repeat(32) }, NETWORK_WARNINGS.hostname],
    ['a 33-character SSID', { ssid: 's'.repeat(33) }, NETWORK_WARNINGS.ssid],
    ['a 64-character Wi-Fi password', { password: 'p'.repeat(64) }, NETWORK_WARNINGS.password],
  ];
  it.each(uncoded)('answers %s with a warning without code', async (_name, change, message) => {
    const gw = await buildTestGateway();
    const before = await config(gw);
    const result = await gw.post('/api/network/config', { ...STATIC, ...change });
    expect(NetworkConfigResponseSchema.parse(result)).toEqual({ type: 'warning', message });
    expect('code' in result).toBe(false);
    expect(await config(gw)).toEqual(before);
  });

  const { hostname: _h, ...withoutHostname } = STATIC;
  const malformed: [string, { body?: string; data?: unknown }, number][] = [
    ['no data field', { body: 'other=1' }, 1002],
    ['unparsable JSON', { data: '{"ssid":' }, 1004],
    ['a JSON array', { data: [] }, 1005],
    ['a missing field', { data: withoutHostname }, 1005],
    ['a numeric SSID', { data: { ...STATIC, ssid: 42 } }, 1005],
    ['dhcp as a string', { data: { ...STATIC, dhcp: 'true' } }, 1005],
    ['an IP address as a number', { data: { ...STATIC, ipaddress: 3232235777 } }, 1005],
    ['a negative AP timeout', { data: { ...STATIC, aptimeout: -1 } }, 1005],
    ['a fractional AP timeout', { data: { ...STATIC, aptimeout: 1.5 } }, 1005],
    ['an AP timeout as a string', { data: { ...STATIC, aptimeout: '3' } }, 1005],
    ['mdnsenabled as a string', { data: { ...STATIC, mdnsenabled: 'yes' } }, 1005],
  ];
  it.each(malformed)('answers %s with %i and changes nothing', async (_name, init, code) => {
    const gw = await buildTestGateway();
    const before = await config(gw);
    const response = await gw.request('POST', '/api/network/config', init);
    expect(response.status).toBe(200);
    expect(ApiResultSchema.parse(await response.json())).toMatchObject({ type: 'warning', code });
    expect(await config(gw)).toEqual(before);
  });

  it('answers 1006 when the config cannot be written', async () => {
    const gw = await buildTestGateway();
    await blockConfigWrites(gw);
    expect(await gw.post('/api/network/config', STATIC)).toEqual({
      type: 'warning',
      message: 'Write failed!',
      code: 1006,
    });
    expect(await config(gw)).toEqual(DEFAULTS);
  });
});

describe('GET /api/network/status', () => {
  it('describes the device in Station mode on the host network, with the AP up while no SSID is set', async () => {
    const gw = await buildTestGateway();
    const chipId = gw.app.system.chipId;
    const body = await status(gw);
    expect(body).toMatchObject({
      sta_status: true,
      sta_ssid: '',
      network_hostname: `OpenDTU-${chipIdHex(chipId)}`,
      network_mode: 'Station',
      ap_status: true,
      ap_ssid: `OpenDTU-${chipId}`,
      ap_ip: '192.168.4.1',
      ap_stationnum: 0,
    });
    expect(body.sta_rssi).toBeGreaterThanOrEqual(-70);
    expect(body.sta_rssi).toBeLessThanOrEqual(-50);
    expect(body.sta_bssid).toMatch(MAC);
    expect(body.network_mac).toMatch(MAC);
    expect(body.ap_mac).toMatch(MAC);
    const hostAddresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address?.family === 'IPv4' && !address.internal)
      .map((address) => address?.address);
    expect([...hostAddresses, '127.0.0.1']).toContain(body.network_ip);
    if (hostAddresses.length > 0) expect(body.network_ip).toBe(hostAddresses[0]);
    for (const ip of [
      body.network_netmask,
      body.network_gateway,
      body.network_dns1,
      body.network_dns2,
    ]) {
      expect(isValidIpv4(ip)).toBe(true);
    }
  });

  it('follows a saved config: SSID, resolved hostname, AP off; the BSSID stays stable', async () => {
    const first = await buildTestGateway();
    const before = await status(first);
    await first.post('/api/network/config', STATIC);
    const gw = await first.reboot();
    const chipId = gw.app.system.chipId;
    const body = await status(gw);
    expect(body).toMatchObject({
      sta_ssid: 'HomeNet',
      network_hostname: resolveHostname(STATIC.hostname, chipId),
      ap_status: false,
      ap_ip: '0.0.0.0',
      ap_ssid: before.ap_ssid,
      sta_bssid: before.sta_bssid,
    });
    expect(body.network_hostname).toBe(`Roof-DTU-${chipIdHex(chipId)}`);
  });
});
