import { describe, expect, it } from 'vitest';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';

describe('POST /api/maintenance/reboot', () => {
  it('answers 6001 and asks for a restart when reboot is true', async () => {
    const gw = await buildTestGateway();
    expect(await gw.post('/api/maintenance/reboot', { reboot: true })).toEqual({
      type: 'success',
      message: 'Reboot triggered!',
      code: 6001,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(gw.restarts).toHaveLength(1);
  });

  it('answers 6002 and stays up when reboot is false', async () => {
    const gw = await buildTestGateway();
    expect(await gw.post('/api/maintenance/reboot', { reboot: false })).toMatchObject({
      type: 'warning',
      code: 6002,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(gw.restarts).toHaveLength(0);
  });

  it.each([
    ['no data field', { body: 'nothing=1' }, 1002],
    ['unparsable JSON', { data: '{reboot' }, 1004],
    ['wrong kind', { data: { reboot: 'yes' } }, 1005],
    ['missing field', { data: {} }, 1005],
  ])('answers %s with its code', async (_name, init, code) => {
    const gw = await buildTestGateway();
    const response = await gw.request('POST', '/api/maintenance/reboot', init);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ type: 'warning', code });
  });

  it('reads a raw, unencoded data= body with no content type', async () => {
    const gw = await buildTestGateway();
    const response = await fetch(gw.url + '/api/maintenance/reboot', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
      body: 'data={"reboot": false}',
    });
    expect(await response.json()).toMatchObject({ code: 6002 });
  });

  it('reads a percent-encoded urlencoded body', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('POST', '/api/maintenance/reboot', {
      body: new URLSearchParams({ data: JSON.stringify({ reboot: false }) }),
    });
    expect(await response.json()).toMatchObject({ code: 6002 });
  });

  it('answers 1003 to an oversized body and keeps serving', async () => {
    const gw = await buildTestGateway();
    const response = await gw.request('POST', '/api/maintenance/reboot', {
      body: 'data=' + 'x'.repeat(200_000),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await response.json()).toMatchObject({ code: 1003 });
    expect(await gw.post('/api/maintenance/reboot', { reboot: false })).toMatchObject({
      code: 6002,
    });
  });

  it('requires the admin password: 401, with WWW-Authenticate only without X-Requested-With', async () => {
    const gw = await buildTestGateway();
    const anonymous = await gw.request('POST', '/api/maintenance/reboot', {
      auth: null,
      data: { reboot: true },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Login Required"');
    expect(await anonymous.text()).toBe('');
    const fromInterface = await gw.request('POST', '/api/maintenance/reboot', {
      auth: `Basic ${Buffer.from('admin:wrong').toString('base64')}`,
      data: { reboot: true },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(fromInterface.status).toBe(401);
    expect(fromInterface.headers.get('www-authenticate')).toBeNull();
    expect(gw.restarts).toHaveLength(0);
  });
});
