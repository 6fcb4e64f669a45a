import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AlertsConfigSchema,
  AlertsResultSchema,
  AlertsStatusSchema,
  type AlertsConfigData,
} from '@heliodtu/contract/alerts';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { ALERTS_FILE } from '../alerts/alert-settings.js';
import { STATE_DIR } from '../store/chip-id.js';

const CONFIG = '/api/alerts/config';

const settings = (over: Partial<AlertsConfigData['webhook']> = {}): AlertsConfigData => ({
  webhook: {
    enabled: true,
    url: 'https://ntfy.example/alerts',
    header_name: 'Authorization',
    ...over,
  },
  email: {
    enabled: false,
    host: '',
    port: 587,
    security: 'starttls',
    user: '',
    from: '',
    to: '',
    digest: false,
  },
  quiet_hours: { enabled: true, start: '22:00', end: '07:00' },
  mqtt: { enabled: true },
});

describe('/api/alerts', () => {
  it('status: nothing open on a fresh gateway, kept in the history database, and the gateway clock', async () => {
    const gw = await buildTestGateway({ simStart: '2025-06-21T12:00:00' });
    const response = await gw.request('GET', '/api/alerts/status', { auth: null });
    expect(response.status).toBe(200);
    const status = AlertsStatusSchema.parse(await response.json());
    expect(status).toEqual({ open: [], recent: [], persistent: true, now: expect.any(Number) });
    // The simulated clock that stamps the alerts, not the host's.
    const simulated = Date.parse('2025-06-21T12:00:00Z') / 1000;
    expect(Math.abs(status.now - simulated)).toBeLessThan(86_400);
  });

  it('config: the header value is write-only, kept when absent, removed by an empty one; saved across a reboot in a file only the gateway reads', async () => {
    const gw = await buildTestGateway();
    const saved = await gw.request('POST', CONFIG, {
      data: { ...settings({ header_value: 'Bearer tk_secret' }) },
    });
    expect(AlertsResultSchema.parse(await saved.json())).toMatchObject({ ok: true });
    const read = AlertsConfigSchema.parse(await gw.get(CONFIG));
    expect(read.webhook).toEqual({
      enabled: true,
      url: 'https://ntfy.example/alerts',
      header_name: 'Authorization',
      header_value_set: true,
    });
    expect(JSON.stringify(read)).not.toContain('tk_secret');
    // Absent: kept.
    await gw.request('POST', CONFIG, { data: settings() });
    const again = await gw.reboot();
    expect(AlertsConfigSchema.parse(await again.get(CONFIG)).webhook.header_value_set).toBe(true);
    const file = path.join(again.dataDir, STATE_DIR, ALERTS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Empty: removed.
    await again.request('POST', CONFIG, { data: settings({ header_value: '' }) });
    expect(AlertsConfigSchema.parse(await again.get(CONFIG)).webhook.header_value_set).toBe(false);
  });

  it.each([
    ['webhook.url', settings({ url: 'ftp://example.org/x' })],
    ['webhook.url', settings({ url: 'not a url' })],
    ['webhook.header_name', settings({ header_name: 'Bad Header' })],
    ['webhook.header_value', settings({ header_value: 'a\r\nInjected: 1' })],
    ['email.host', { ...settings(), email: { ...settings().email, enabled: true } }],
  ])('refuses a bad %s with 400 and changes nothing', async (field, data) => {
    const gw = await buildTestGateway();
    const before = await gw.get(CONFIG);
    const response = await gw.request('POST', CONFIG, { data });
    expect(response.status).toBe(400);
    expect(AlertsResultSchema.parse(await response.json())).toMatchObject({ ok: false, field });
    expect(await gw.get(CONFIG)).toEqual(before);
  });

  it('test: refused without a webhook address; a receiver that is down is reported, not thrown', async () => {
    const gw = await buildTestGateway();
    const none = await gw.request('POST', '/api/alerts/test', { data: { channel: 'webhook' } });
    expect(none.status).toBe(400);
    const noMail = await gw.request('POST', '/api/alerts/test', { data: { channel: 'email' } });
    expect(noMail.status).toBe(400);
    const unknown = await gw.request('POST', '/api/alerts/test', { data: { channel: 'pager' } });
    expect(unknown.status).toBe(400);
    expect(AlertsResultSchema.parse(await unknown.json())).toMatchObject({
      ok: false,
      field: 'data',
    });
    // A port nothing listens on.
    await gw.request('POST', CONFIG, { data: settings({ url: 'http://127.0.0.1:9/hook' }) });
    const down = await gw.request('POST', '/api/alerts/test', { data: { channel: 'webhook' } });
    expect(down.status).toBe(200);
    expect(AlertsResultSchema.parse(await down.json())).toMatchObject({ ok: false });
  });
});
