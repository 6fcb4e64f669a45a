import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import { ADMIN_AUTH } from './helpers/build-test-app.js';
import { startGatewayProcess } from './helpers/gateway-process.js';

/**
 * A reboot is real (spec §4), with the real process (main.ts): after a reboot, a factory
 * reset and a restore the listener goes away for a while, then comes back with the
 * configuration read from disk and a fresh uptime.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Status {
  uptime: number;
  cfgsavecount: number;
  resetreason_0: string;
}

class Gateway {
  constructor(readonly url: string) {}

  async status(auth = ADMIN_AUTH): Promise<Status> {
    const response = await fetch(`${this.url}/api/system/status`, {
      headers: { authorization: auth },
    });
    return (await response.json()) as Status;
  }

  async post(urlPath: string, data: unknown): Promise<unknown> {
    const response = await fetch(this.url + urlPath, {
      method: 'POST',
      headers: { authorization: ADMIN_AUTH },
      body: `data=${JSON.stringify(data)}`,
    });
    return response.json();
  }

  /** Poll until the listener refuses connections, then until it answers again; ms away. */
  async awaitRestart(timeoutMs = 15_000): Promise<number> {
    const started = Date.now();
    let downAt = 0;
    while (Date.now() - started < timeoutMs) {
      const up = await fetch(`${this.url}/api/i18n/languages`).then(
        () => true,
        () => false,
      );
      if (!up && downAt === 0) downAt = Date.now();
      if (up && downAt !== 0) return Date.now() - downAt;
      await sleep(50);
    }
    throw new Error(downAt === 0 ? 'the listener never went away' : 'it never came back');
  }

  /** Wait until the uptime reaches `seconds`, so a fresh one can be told apart. */
  async awaitUptime(seconds: number): Promise<void> {
    while ((await this.status()).uptime < seconds) await sleep(200);
  }
}

async function startMain(dataDir: string): Promise<Gateway> {
  // A short reboot pause; no demo fleet, so nothing but the config is on the wire.
  const main = await startGatewayProcess({
    dataDir,
    env: { REBOOT_DELAY: '1', SIM_FLEET: 'none' },
  });
  return new Gateway(main.url);
}

const configFile = (dataDir: string) => path.join(dataDir, 'config.json');

describe('main.ts reboots for real', () => {
  it('after a reboot, a factory reset and a restore: away, back, config from disk, fresh uptime', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-main-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const gw = await startMain(dataDir);
    expect((await gw.status()).resetreason_0).toBe('Vbat power on reset');

    // Reboot: a change made on disk behind the running gateway is what the next boot uses.
    const onDisk = JSON.parse(await readFile(configFile(dataDir), 'utf8')) as ReturnType<
      typeof defaultConfigFile
    >;
    onDisk.ntp.server = 'edited.on.disk';
    await writeFile(configFile(dataDir), JSON.stringify(onDisk));
    await gw.awaitUptime(2);
    expect(await gw.post('/api/maintenance/reboot', { reboot: true })).toMatchObject({
      code: 6001,
    });
    expect(await gw.awaitRestart()).toBeGreaterThanOrEqual(900);
    const rebooted = await gw.status();
    expect(rebooted.uptime).toBeLessThan(2);
    expect(rebooted.resetreason_0).toBe('Software reset CPU');
    expect(rebooted.cfgsavecount).toBe(onDisk.cfg.save_count);
    const ntp = await fetch(`${gw.url}/api/ntp/config`, { headers: { authorization: ADMIN_AUTH } });
    expect(await ntp.json()).toMatchObject({ ntp_server: 'edited.on.disk' });

    // Factory reset: config.json goes, the next boot starts from the defaults.
    await gw.awaitUptime(2);
    expect(await gw.post('/api/file/delete_all', { delete: true })).toMatchObject({ code: 3002 });
    await gw.awaitRestart();
    expect((await gw.status()).uptime).toBeLessThan(2);
    const reset = JSON.parse(await readFile(configFile(dataDir), 'utf8')) as typeof onDisk;
    expect(reset.ntp.server).toBe(defaultConfigFile().ntp.server);

    // Restore: the uploaded file is the configuration after the restart.
    const restored = defaultConfigFile();
    restored.security.password = 'Restored-Pass1';
    restored.cfg.save_count = 77;
    restored.dtu.serial = 0x199980112345; // with a serial, the boot has nothing to save
    const form = new FormData();
    form.append('config', new Blob([JSON.stringify(restored)]), 'config');
    await gw.awaitUptime(2);
    const upload = await fetch(`${gw.url}/api/file/upload?file=config.json`, {
      method: 'POST',
      headers: { authorization: ADMIN_AUTH },
      body: form,
    });
    expect(await upload.text()).toBe('OK');
    await gw.awaitRestart();
    const auth = `Basic ${Buffer.from('admin:Restored-Pass1').toString('base64')}`;
    const after = await gw.status(auth);
    expect(after.uptime).toBeLessThan(2);
    expect(after.cfgsavecount).toBe(77);
  }, 60_000);
});
