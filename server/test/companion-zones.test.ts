import { describe, expect, it } from 'vitest';
import { ApiCodeCompanion } from '@heliodtu/contract/codes';
import type { FirmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import { buildTestGateway } from './helpers/build-test-app.js';
import { startCompanionApp } from './helpers/companion-app.js';
import { tempDist } from './helpers/web-dist.js';

/**
 * The time zone list behind a companion (issue 34): the interface asks `api/ntp/zones`, then
 * `zones.json`, under `dtu/<id>/` when several devices stand behind it. The devices are our own
 * gateway in simulation mode, in this process, each with a built interface, so that an unknown
 * path gets the device's web page as a real OpenDTU answers it.
 */

const INDEX_HTML = '<!doctype html><title>HelioDTU</title><div id="root"></div>';

async function startDevice(firmware: FirmwareGeneration) {
  const webDist = await tempDist({ 'index.html': INDEX_HTML });
  return buildTestGateway({ simFirmware: firmware, webDist });
}

async function startCompanionOf(devices: { name: string; firmware: FirmwareGeneration }[]) {
  const gateways = await Promise.all(devices.map((d) => startDevice(d.firmware)));
  const webDist = await tempDist({ 'index.html': INDEX_HTML });
  return startCompanionApp(gateways[0]!.url, 'openDTU42', {
    webDist,
    ...(devices.length > 1
      ? {
          devices: devices.map((d, i) => ({
            name: d.name,
            url: gateways[i]!.url,
            password: 'openDTU42',
          })),
        }
      : {}),
  });
}

/** A JSON answer's status and body; fails on a web page or anything else that is no JSON. */
async function jsonAnswer(answer: Response): Promise<{ status: number; body: unknown }> {
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: answer.status, body: await answer.json() };
}

function expectZoneList(body: unknown) {
  const zones = body as Record<string, string>;
  expect(zones['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
  expect(Object.keys(zones).length).toBeGreaterThan(300);
}

const NOT_FOUND = { type: 'warning', code: ApiCodeCompanion.ApiPathUnknown };

describe('the time zone list behind a companion', () => {
  it('with several devices: a v26 device answers its own list, a v24 device 404 and zones.json the list', async () => {
    const companion = await startCompanionOf([
      { name: 'Roof', firmware: 'v24' },
      { name: 'Barn', firmware: 'v26' },
    ]);
    const v24Endpoint = await jsonAnswer(await companion.fetch('/dtu/roof/api/ntp/zones'));
    expect(v24Endpoint).toMatchObject({ status: 404, body: NOT_FOUND });
    const v24File = await jsonAnswer(await companion.fetch('/dtu/roof/zones.json'));
    expect(v24File.status).toBe(200);
    expectZoneList(v24File.body);

    const v26Endpoint = await jsonAnswer(await companion.fetch('/dtu/barn/api/ntp/zones'));
    expect(v26Endpoint.status).toBe(200);
    expectZoneList(v26Endpoint.body);
    // The file is there for every device: an interface that remembered it asks it first.
    expect((await companion.fetch('/dtu/barn/zones.json')).status).toBe(200);
  });

  it('with one v24 device: api/ntp/zones is a JSON 404 and zones.json the list', async () => {
    const companion = await startCompanionOf([{ name: 'Roof', firmware: 'v24' }]);
    const endpoint = await jsonAnswer(await companion.fetch('/api/ntp/zones'));
    expect(endpoint).toMatchObject({ status: 404, body: NOT_FOUND });
    const file = await jsonAnswer(await companion.fetch('/zones.json', { auth: null }));
    expect(file.status).toBe(200);
    expectZoneList(file.body);
  });

  it('reads the list of a v26 device with read-only access, as the device allows', async () => {
    const companion = await startCompanionOf([{ name: 'Roof', firmware: 'v26' }]);
    const endpoint = await jsonAnswer(await companion.fetch('/api/ntp/zones', { auth: null }));
    expect(endpoint.status).toBe(200);
    expectZoneList(endpoint.body);
  });

  it('answers zones.json of an unknown device 404, as every request for it', async () => {
    const companion = await startCompanionOf([
      { name: 'Roof', firmware: 'v24' },
      { name: 'Barn', firmware: 'v26' },
    ]);
    const answer = await jsonAnswer(await companion.fetch('/dtu/shed/zones.json'));
    expect(answer).toMatchObject({
      status: 404,
      body: { code: ApiCodeCompanion.DeviceUnknown },
    });
  });
});

describe('unknown API paths on a companion', () => {
  it('are a JSON 404, never the web page, with one device and with several', async () => {
    const several = await startCompanionOf([
      { name: 'Roof', firmware: 'v24' },
      { name: 'Barn', firmware: 'v26' },
    ]);
    const one = await startCompanionOf([{ name: 'Roof', firmware: 'v24' }]);
    const cases: [typeof one, string, string][] = [
      [several, 'GET', '/dtu/roof/api/no/such/thing'],
      [several, 'GET', '/dtu/barn/api/no/such/thing?x=1'],
      [several, 'POST', '/dtu/barn/api/no/such/thing'],
      [several, 'GET', '/api/no/such/thing'],
      [several, 'DELETE', '/dtu/roof/api/ntp/config'],
      [one, 'GET', '/api/no/such/thing'],
      [one, 'PUT', '/api/ntp/config'],
      // HelioDTU's own areas are never relayed: unknown there is unknown here.
      [one, 'GET', '/api/companion/no-such-thing'],
    ];
    for (const [companion, method, urlPath] of cases) {
      const answer = await companion.fetch(urlPath, { method });
      expect([method, urlPath, answer.status]).toEqual([method, urlPath, 404]);
      expect((await jsonAnswer(answer)).body).toMatchObject(NOT_FOUND);
    }
    // The interface itself is still served for the pages of the app.
    const page = await one.fetch('/settings/ntp', { auth: null });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX_HTML);
  });
});
