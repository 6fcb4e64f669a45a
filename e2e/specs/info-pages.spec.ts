import type { Locator, Page, Response } from '@playwright/test';
import type { MqttStatus } from '@heliodtu/contract/mqtt';
import type { NetworkStatus } from '@heliodtu/contract/network';
import type { NtpConfig, NtpStatus } from '@heliodtu/contract/ntp';
import type { SystemStatus } from '@heliodtu/contract/system';
import { ADMIN_AUTHDATA, expect, prepare, test } from '../fixtures/app-test.ts';

const ADMIN = { Authorization: `Basic ${ADMIN_AUTHDATA}` };
const kB = new Intl.NumberFormat('en-US', {
  style: 'unit',
  unit: 'kilobyte',
  maximumFractionDigits: 0,
});

/**
 * Opens an info page and returns the status answer the page itself rendered: several figures
 * (uptime, heap, RSSI, the clock) change from one request to the next, so a second request
 * could not be compared field by field.
 */
async function openInfo<T>(page: Page, route: string, statusPath: string): Promise<T> {
  const answer = page.waitForResponse(
    (r: Response) => r.url().endsWith(statusPath) && r.request().method() === 'GET',
  );
  await page.goto(route);
  return (await (await answer).json()) as T;
}

function card(page: Page, title: string): Locator {
  return page.locator('section.card', {
    has: page.getByRole('heading', { name: title, exact: true }),
  });
}

/** The value cell of the row labelled `label` (the label is the row header). */
function value(scope: Locator, label: string): Locator {
  return scope
    .getByRole('row')
    .filter({ has: scope.page().getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

test.describe('info pages', () => {
  test.beforeEach(async ({ page }) => {
    await prepare(page, { authdata: ADMIN_AUTHDATA });
  });

  test('system info shows the system status answer', async ({ page, checkA11y }) => {
    // The nav asks the same endpoint once per load for the firmware generation (issue 25): the
    // page shows one of the answers, entirely; which one is told by the heap it shows.
    const answers: SystemStatus[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('api/system/status') && r.request().method() === 'GET') {
        void r.json().then((body: SystemStatus) => answers.push(body));
      }
    });
    await openInfo<SystemStatus>(page, 'info/system', 'api/system/status');
    await expect(page.getByRole('heading', { level: 1, name: 'System Info' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const heapShown = await page.getByTestId('memory-Heap').getByRole('cell').nth(2).textContent();
    const s = answers.find((a) => kB.format(a.heap_used / 1024) === heapShown);
    expect(s, `an answer with the heap shown (${heapShown})`).toBeDefined();
    if (!s) return;
    const firmware = card(page, 'Firmware');
    await expect(value(firmware, 'Hostname')).toHaveText(s.hostname);
    await expect(value(firmware, 'SDK version')).toHaveText(s.sdkversion);
    await expect(value(firmware, 'Configuration version')).toHaveText(s.config_version);
    await expect(value(firmware, 'Firmware version / git hash')).toHaveText(s.git_hash);
    await expect(value(firmware, 'Firmware version / git hash').getByRole('link')).toHaveAttribute(
      'href',
      /^https:\/\/github\.com\/tbnobody\/OpenDTU\//,
    );
    await expect(value(firmware, 'Build environment (PIO)')).toHaveText(s.pioenv);
    await expect(value(firmware, 'Reset reason, CPU 0')).toHaveText(s.resetreason_0);
    await expect(value(firmware, 'Reset reason, CPU 1')).toHaveText(s.resetreason_1);
    await expect(value(firmware, 'Configuration saves')).toHaveText(String(s.cfgsavecount));

    // Uptime: days + hh:mm:ss, at least the answer's value, and ticking.
    const uptime = page.getByTestId('uptime');
    const shown = await uptime.textContent();
    const match = /^(\d+) days? (\d\d):(\d\d):(\d\d)$/.exec(shown ?? '');
    expect(match, `uptime "${shown}"`).not.toBeNull();
    const [, d, h, m, sec] = (match ?? []).map(Number);
    const seconds = (d ?? 0) * 86400 + (h ?? 0) * 3600 + (m ?? 0) * 60 + (sec ?? 0);
    expect(seconds).toBeGreaterThanOrEqual(s.uptime);
    expect(seconds).toBeLessThan(s.uptime + 10);
    await expect(uptime).not.toHaveText(shown ?? '', { timeout: 3_000 });

    const hardware = card(page, 'Hardware');
    await expect(value(hardware, 'Chip model')).toHaveText(s.chipmodel);
    await expect(value(hardware, 'Chip revision')).toHaveText(String(s.chiprevision));
    await expect(value(hardware, 'Chip cores')).toHaveText(String(s.chipcores));
    await expect(value(hardware, 'CPU frequency')).toHaveText(`${s.cpufreq} MHz`);
    await expect(value(hardware, 'Flash memory size')).toHaveText(kB.format(s.flashsize / 1024));

    // Memory: used over total, rounded (spec §9), for each area the gateway reports.
    const areas: [string, number, number][] = [
      ['Heap', s.heap_used, s.heap_total],
      ['LittleFs', s.littlefs_used, s.littlefs_total],
      ['Sketch', s.sketch_used, s.sketch_total],
    ];
    for (const [area, used, total] of areas) {
      const row = page.getByTestId(`memory-${area}`);
      const percent = Math.round((used / total) * 100);
      await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(percent));
      await expect(row.getByTestId('percent')).toHaveText(`${percent}%`);
      await expect(row.getByRole('cell').nth(2)).toHaveText(kB.format(used / 1024));
      await expect(row.getByRole('cell').nth(3)).toHaveText(kB.format(total / 1024));
    }
    const heapFree = s.heap_total - s.heap_used;
    const heap = card(page, 'Heap details');
    await expect(value(heap, 'Free in total')).toHaveText(kB.format(heapFree / 1024));
    await expect(value(heap, 'Largest free block')).toHaveText(kB.format(s.heap_max_block / 1024));
    await expect(value(heap, 'Lowest free since start')).toHaveText(
      kB.format(s.heap_min_free / 1024),
    );
    await expect(value(heap, 'Highest use since start')).toHaveText(
      kB.format((s.heap_total - s.heap_min_free) / 1024),
    );
    await expect(value(heap, 'Fragmentation')).toHaveText(
      `${Math.round((1 - s.heap_max_block / heapFree) * 100)}%`,
    );
    for (const task of s.task_details) {
      await expect(page.getByTestId(`task-${task.name}`)).toContainText(`(${task.name})`);
      await expect(page.getByTestId(`task-${task.name}`).getByRole('cell').last()).toHaveText(
        String(task.priority),
      );
    }
    const radio = card(page, 'Radio');
    await expect(value(radio, 'nRF24 module')).toHaveText(
      s.nrf_configured ? 'configured' : 'not configured',
    );
    await expect(value(radio, 'CMT2300A module')).toHaveText(
      s.cmt_configured ? 'configured' : 'not configured',
    );
    await checkA11y('system info');
  });

  test('system info Reload asks the gateway again', async ({ page }) => {
    await openInfo<SystemStatus>(page, 'info/system', 'api/system/status');
    await expect(page.getByTestId('uptime')).toBeVisible();
    const again = page.waitForResponse((r) => r.url().endsWith('api/system/status'));
    await page.getByRole('button', { name: 'Reload' }).click();
    expect((await again).status()).toBe(200);
  });

  test('network info shows the network status answer', async ({ page, checkA11y }) => {
    const s = await openInfo<NetworkStatus>(page, 'info/network', 'api/network/status');
    const shown = (text: string) => (text === '' ? 'not set' : text);
    const sta = card(page, 'Wi-Fi (station)');
    await expect(value(sta, 'Status')).toHaveText(s.sta_status ? 'enabled' : 'disabled');
    await expect(value(sta, 'SSID')).toHaveText(shown(s.sta_ssid));
    await expect(value(sta, 'BSSID')).toHaveText(shown(s.sta_bssid));
    const quality = s.sta_rssi <= -100 ? 0 : s.sta_rssi >= -50 ? 100 : 2 * (s.sta_rssi + 100);
    await expect(value(sta, 'Signal quality')).toHaveText(`${quality}%`);
    await expect(value(sta, 'RSSI')).toHaveText(`${s.sta_rssi} dBm`);
    const ap = card(page, 'Wi-Fi (access point)');
    await expect(value(ap, 'Status')).toHaveText(s.ap_status ? 'enabled' : 'disabled');
    await expect(value(ap, 'SSID')).toHaveText(shown(s.ap_ssid));
    await expect(value(ap, 'Connected devices')).toHaveText(String(s.ap_stationnum));
    const iface = card(page, `Network interface (${s.network_mode})`);
    await expect(value(iface, 'Hostname')).toHaveText(shown(s.network_hostname));
    await expect(value(iface, 'IP address')).toHaveText(shown(s.network_ip));
    await expect(value(iface, 'Netmask')).toHaveText(shown(s.network_netmask));
    await expect(value(iface, 'Default gateway')).toHaveText(shown(s.network_gateway));
    await expect(value(iface, 'DNS 1')).toHaveText(shown(s.network_dns1));
    await expect(value(iface, 'DNS 2')).toHaveText(shown(s.network_dns2));
    await expect(value(iface, 'MAC address')).toHaveText(shown(s.network_mac));
    const apIface = card(page, 'Network interface (access point)');
    await expect(value(apIface, 'IP address')).toHaveText(shown(s.ap_ip));
    await expect(value(apIface, 'MAC address')).toHaveText(shown(s.ap_mac));
    await expect(page.getByRole('main')).not.toContainText('undefined');
    await checkA11y('network info');
  });

  test('NTP info shows the NTP status and configuration', async ({ page, checkA11y }) => {
    const config = (await (
      await page.request.get('api/ntp/config', { headers: ADMIN })
    ).json()) as NtpConfig;
    const s = await openInfo<NtpStatus>(page, 'info/ntp', 'api/ntp/status');
    const summary = card(page, 'Configuration');
    await expect(value(summary, 'Server')).toHaveText(s.ntp_server);
    await expect(value(summary, 'Time zone')).toHaveText(s.ntp_timezone);
    await expect(value(summary, 'Time zone name')).toHaveText(s.ntp_timezone_descr);
    await expect(value(summary, 'Location')).toHaveText(
      `latitude ${config.latitude.toFixed(4)}, longitude ${config.longitude.toFixed(4)}`,
    );
    const types = ['official', 'nautical', 'civil', 'astronomical'];
    await expect(value(summary, 'Sun-set type')).toHaveText(types[config.sunsettype] ?? '');

    // The device's English text, written out by the browser (same ICU as the page).
    const formatted = (text: string, plusSeconds = 0) =>
      page.evaluate(
        ([t, add]) => {
          const m = /^\w+, (\w+) (\d+) (\d{4}) (\d+):(\d\d):(\d\d)$/.exec(t);
          if (!m) return t;
          const month = new Date(`${m[1]} 1, 2000`).getMonth();
          const ms = Date.UTC(+m[3]!, month, +m[2]!, +m[4]!, +m[5]!, +m[6]! + add);
          return new Intl.DateTimeFormat('en-US', {
            weekday: 'long',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
            timeZone: 'UTC',
          }).format(ms);
        },
        [text, plusSeconds] as const,
      );
    const now = card(page, 'Current time');
    await expect(value(now, 'Status')).toHaveText(
      s.ntp_status ? 'synchronised' : 'not synchronised',
    );
    const candidates = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) => formatted(s.ntp_localtime, n)),
    );
    expect(candidates).toContain(await value(now, 'Device time').textContent());
    await expect(value(now, 'Device time')).not.toHaveText(candidates[0] ?? '', { timeout: 3_000 });
    await expect(value(now, 'Sunrise')).toHaveText(
      s.sun_isSunsetAvailable ? await formatted(s.sun_risetime) : 'not available',
    );
    await expect(value(now, 'Sunset')).toHaveText(
      s.sun_isSunsetAvailable ? await formatted(s.sun_settime) : 'not available',
    );
    await expect(value(now, 'Period')).toHaveText(s.sun_isDayPeriod ? 'day' : 'night');
    await checkA11y('NTP info');
  });

  test('MQTT info shows the MQTT status answer', async ({ page, checkA11y }) => {
    const s = await openInfo<MqttStatus>(page, 'info/mqtt', 'api/mqtt/status');
    const shown = (text: string) => (text === '' ? 'not set' : text);
    const onOff = (on: boolean) => (on ? 'enabled' : 'disabled');
    const config = card(page, 'Configuration');
    await expect(value(config, 'Status')).toHaveText(onOff(s.mqtt_enabled));
    await expect(value(config, 'Broker')).toHaveText(shown(s.mqtt_hostname));
    await expect(value(config, 'Port')).toHaveText(String(s.mqtt_port));
    await expect(value(config, 'Client ID')).toHaveText(shown(s.mqtt_clientid));
    await expect(value(config, 'Username')).toHaveText(shown(s.mqtt_username));
    await expect(value(config, 'Base topic')).toHaveText(shown(s.mqtt_topic));
    await expect(value(config, 'Last-will topic')).toHaveText(shown(s.mqtt_lwt_topic));
    await expect(value(config, 'Publish interval')).toHaveText(
      `${s.mqtt_publish_interval} second${s.mqtt_publish_interval === 1 ? '' : 's'}`,
    );
    await expect(value(config, 'Clean session')).toHaveText(onOff(s.mqtt_clean_session));
    await expect(value(config, 'Retain')).toHaveText(onOff(s.mqtt_retain));
    await expect(value(config, 'TLS')).toHaveText(onOff(s.mqtt_tls));
    await expect(value(config, 'Root CA certificate')).toHaveCount(s.mqtt_tls ? 1 : 0);
    await expect(value(config, 'Log in with a TLS certificate')).toHaveText(
      onOff(s.mqtt_tls_cert_login),
    );
    const runtime = card(page, 'Runtime');
    await expect(value(runtime, 'Connection')).toHaveText(
      s.mqtt_connected ? 'connected' : 'disconnected',
    );
    const hass = card(page, 'Home Assistant auto discovery');
    await expect(value(hass, 'Status')).toHaveText(onOff(s.mqtt_hass_enabled));
    await expect(value(hass, 'Discovery prefix')).toHaveText(shown(s.mqtt_hass_topic));
    await expect(value(hass, 'Retain')).toHaveText(onOff(s.mqtt_hass_retain));
    await expect(value(hass, 'Expire')).toHaveText(onOff(s.mqtt_hass_expire));
    await expect(value(hass, 'Individual panels')).toHaveText(onOff(s.mqtt_hass_individualpanels));
    await checkA11y('MQTT info');
  });
});

test.describe('gateway away', () => {
  // The browser reports the refused request itself (net::…); only that line is allowed.
  test.use({ allowedErrors: [/net::ERR_CONNECTION_REFUSED \(.*\/api\/network\/status\)$/] });

  test('a gateway that does not answer shows the error with Retry, which recovers', async ({
    page,
  }) => {
    await prepare(page);
    await page.route('**/api/network/status', (route) => route.abort('connectionrefused'));
    await page.goto('info/network');
    await expect(page.getByRole('alert')).toContainText('Could not load the data');
    await expect(page).toHaveURL(/\/info\/network$/);
    await page.unroute('**/api/network/status');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(card(page, 'Wi-Fi (station)')).toBeVisible();
  });
});

test.describe('version check', () => {
  test.beforeEach(async ({ page }) => {
    await prepare(page);
  });

  test('offline: the grey badge, nothing sent, no console error', async ({ page, context }) => {
    let asked = 0;
    await page.route('https://api.github.com/**', (route) => {
      asked += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto('info/system');
    await expect(page.getByTestId('uptime')).toBeVisible();
    await context.setOffline(true);
    try {
      await page.getByRole('switch', { name: 'Check for new versions' }).check();
      await expect(page.getByText('Could not check for a newer version')).toHaveClass(
        /text-bg-secondary/,
      );
      expect(asked).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });

  test.describe('code host unreachable', () => {
    // The browser itself reports the failed request (net::…, not our code); only that is allowed.
    test.use({ allowedErrors: [/net::ERR_INTERNET_DISCONNECTED \(https:\/\/api\.github\.com\//] });

    test('online but unreachable: the grey badge, no hang', async ({ page }) => {
      let asked = 0;
      await page.route('https://api.github.com/**', (route) => {
        asked += 1;
        return route.abort('internetdisconnected');
      });
      await page.goto('info/system');
      await page.getByRole('switch', { name: 'Check for new versions' }).check();
      await expect(page.getByText('Could not check for a newer version')).toHaveClass(
        /text-bg-secondary/,
      );
      expect(asked).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('allowVersionInfo'))).toBe('1');
    });
  });

  test('a newer version: the red badge links to the changes', async ({ page }) => {
    await page.route('https://api.github.com/repos/tbnobody/OpenDTU/compare/**', (route) =>
      route.fulfill({
        json: { total_commits: 5, html_url: 'https://github.com/tbnobody/OpenDTU/compare/x...y' },
        headers: { 'Access-Control-Allow-Origin': '*' },
      }),
    );
    await page.goto('info/system');
    await page.getByRole('switch', { name: 'Check for new versions' }).check();
    const badge = page.getByRole('link', { name: /newer version is available/ });
    await expect(badge).toHaveClass(/text-bg-danger/);
    await expect(badge).toHaveAttribute(
      'href',
      'https://github.com/tbnobody/OpenDTU/compare/x...y',
    );
  });
});
