import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_UNAUTHORIZED, withSocketAuth } from '@heliodtu/contract/ws';
import { basicAuth, buildTestGateway } from '../../../test/helpers/build-test-app.js';
import { openSocket, refusedStatus, wsUrl } from '../../../test/helpers/ws-client.js';

const ADMIN_TOKEN = Buffer.from('admin:openDTU42').toString('base64');

describe('WS /console', () => {
  it('replays the backlog to a new client, then streams new lines ending in \\r\\n', async () => {
    const gw = await buildTestGateway();
    gw.app.consoleLog.write('line written before the client');
    const socket = await openSocket(wsUrl(gw.url, '/console'));
    await socket.next((text) => text.includes('line written before the client\r\n'));
    expect(socket.messages.join('')).toContain('Web server listening on 127.0.0.1:');
    const seen = socket.messages.length;
    gw.app.consoleLog.write('a live line');
    const live = await socket.next((text) => text.includes('a live line'), 2000, seen);
    expect(live).toContain('a live line\r\n');
    // Replayed lines are not sent a second time.
    expect(socket.messages.join('').split('line written before the client')).toHaveLength(2);
  });

  it("carries Fastify's own warnings and errors as readable lines", async () => {
    const gw = await buildTestGateway();
    const socket = await openSocket(wsUrl(gw.url, '/console'));
    gw.app.log.info('request chatter stays out');
    gw.app.log.warn('disk nearly full');
    gw.app.log.error({ err: new Error('boom') }, 'handler failed');
    await socket.next((text) => text.includes('ERROR: handler failed (boom)\r\n'));
    const text = socket.messages.join('');
    expect(text).toContain('WARN: disk nearly full\r\n');
    expect(text).not.toContain('request chatter');
  });

  it('sends frames of at most 500 bytes that join to the exact log text', async () => {
    const gw = await buildTestGateway();
    const socket = await openSocket(wsUrl(gw.url, '/console'));
    await socket.next((text) => text.includes('Web server listening'));
    const seen = socket.messages.length;
    const long = 'é'.repeat(700); // 1400 bytes, cut at character boundaries
    const lines = [long, ...Array.from({ length: 40 }, (_, i) => `line ${i} ${'x'.repeat(30)}`)];
    for (const line of lines) gw.app.consoleLog.write(line);
    await socket.next((text) => text.includes('line 39 '), 3000, seen);
    const frames = socket.messages.slice(seen);
    for (const frame of frames) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(500);
    expect(frames.join('')).toBe(lines.map((line) => `${line}\r\n`).join(''));
    expect(frames.length).toBeLessThan(lines.length); // lines are batched, not one frame each
  });

  it("ignores the 'ping' text and answers WebSocket pings", async () => {
    const gw = await buildTestGateway();
    const socket = await openSocket(wsUrl(gw.url, '/console'));
    socket.ws.send('ping');
    socket.ws.send('anything else');
    const pong = new Promise<string>((resolve) =>
      socket.ws.once('pong', (d) => resolve(d.toString())),
    );
    socket.ws.ping('are you there');
    expect(await pong).toBe('are you there');
    gw.app.consoleLog.write('still streaming');
    await socket.next((text) => text.includes('still streaming'));
  });

  it('needs the admin credentials while allow_readonly is off, by header or query', async () => {
    const gw = await buildTestGateway();
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    const url = wsUrl(gw.url, '/console');
    expect(await refusedStatus(url)).toBe(401);
    expect(await refusedStatus(url, { headers: { authorization: basicAuth('wrong-pass') } })).toBe(
      401,
    );
    expect(await refusedStatus(`${url}?auth=${encodeURIComponent(basicAuth('x').slice(6))}`)).toBe(
      401,
    );
    const byHeader = await openSocket(url, { headers: { authorization: basicAuth('openDTU42') } });
    await byHeader.next((text) => text.includes('Security settings saved'));
    const byQuery = await openSocket(withSocketAuth(url, ADMIN_TOKEN));
    await byQuery.next((text) => text.includes('Security settings saved'));
    const byUserinfo = await openSocket(url.replace('ws://', 'ws://admin:openDTU42@'));
    await byUserinfo.next((text) => text.includes('Security settings saved'));
  });
});

describe('socket clients when the security settings change', () => {
  it('closes the clients that no longer pass and keeps the others', async () => {
    const gw = await buildTestGateway();
    const url = wsUrl(gw.url, '/console');
    const anonymous = await openSocket(url);
    const admin = await openSocket(withSocketAuth(url, ADMIN_TOKEN));

    // Another change keeps everybody.
    await gw.post('/api/ntp/config', { ...((await gw.get('/api/ntp/config')) as object) });
    await gw.post('/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect(await anonymous.closed()).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    expect(admin.ws.readyState).toBe(admin.ws.OPEN);

    await gw.post('/api/security/config', { password: 'a-new-password', allow_readonly: false });
    expect(await admin.closed()).toBe(SOCKET_CLOSE_UNAUTHORIZED);
  });
});
