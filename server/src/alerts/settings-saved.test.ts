import { writeFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildTestGateway } from '../../test/helpers/build-test-app.js';
import { ALERTS_FILE, AlertSettingsStore, DEFAULT_ALERT_SETTINGS } from './alert-settings.js';
import { STATE_DIR } from '../store/chip-id.js';

// The alerts service reacts to a saved setting itself: whoever saves through the settings store
// (the route, a restore, a test) gets MQTT republished and the delivery queues tried at once.

describe('alert settings saved', () => {
  it('saving through the store, without the route, reconfigures delivery', async () => {
    const gw = await buildTestGateway();
    const alerts = gw.app.alerts!;
    const webhookKick = vi.spyOn(alerts.webhook, 'kick');
    const emailKick = vi.spyOn(alerts.email, 'kick');
    const mqttPublish = vi.spyOn(alerts.mqtt!, 'publish');
    await alerts.settings.save({
      ...DEFAULT_ALERT_SETTINGS,
      webhook: { ...DEFAULT_ALERT_SETTINGS.webhook, enabled: true, url: 'http://127.0.0.1:9/x' },
      mqtt: { enabled: true },
    });
    expect(webhookKick).toHaveBeenCalledTimes(1);
    expect(emailKick).toHaveBeenCalledTimes(1);
    expect(mqttPublish).toHaveBeenCalledTimes(1);
    expect(gw.app.consoleLog.backlog().some((line) => line.includes('Alert settings saved'))).toBe(
      true,
    );
  });

  it("tells 'saved' once the file holds the new settings, and not after a failed write", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-alert-settings-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const store = new AlertSettingsStore(dir);
    const next = { ...DEFAULT_ALERT_SETTINGS, mqtt: { enabled: true } };
    const seen: string[] = [];
    store.on('saved', (settings) => {
      expect(settings).toEqual(next);
      seen.push(JSON.stringify(settings));
    });
    await store.save(next);
    const file = await readFile(path.join(dir, STATE_DIR, ALERTS_FILE), 'utf8');
    expect(seen).toEqual([JSON.stringify(next)]);
    expect(JSON.parse(file)).toEqual(next);
    // A data dir that is a file: the write fails, nothing is told, the settings stay.
    const blocked = path.join(dir, 'not-a-folder');
    await writeFile(blocked, '');
    const failing = new AlertSettingsStore(blocked);
    const told = vi.fn();
    failing.on('saved', told);
    await expect(failing.save(next)).rejects.toThrow();
    expect(told).not.toHaveBeenCalled();
    expect(failing.settings).toEqual(DEFAULT_ALERT_SETTINGS);
  });
});
