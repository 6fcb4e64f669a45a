import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NetworkStatus } from '@heliodtu/contract/network';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NetworkInfoPage } from './network-info-page';

const STATUS: NetworkStatus = {
  sta_status: true,
  sta_ssid: '',
  sta_bssid: 'E4:89:DC:72:E2:34',
  sta_rssi: -70,
  network_hostname: 'OpenDTU-9B70F1',
  network_ip: '192.0.2.2',
  network_netmask: '255.255.255.0',
  network_gateway: '192.0.2.1',
  network_dns1: '10.255.255.53',
  network_dns2: '0.0.0.0',
  network_mac: '02:FC:00:00:00:01',
  network_mode: 'Station',
  ap_status: false,
  ap_ssid: 'OpenDTU-10186993',
  ap_ip: '192.168.4.1',
  ap_mac: '24:0A:C4:9B:70:F2',
  ap_stationnum: 2,
};

function card(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  const section = heading.closest('section');
  if (!section) throw new Error(`no card ${title}`);
  return within(section);
}

function value(scope: ReturnType<typeof card>, label: string) {
  const row = scope.getByRole('rowheader', { name: label }).closest('tr');
  if (!row) throw new Error(`no row ${label}`);
  return within(row).getByRole('cell').textContent;
}

describe('NetworkInfoPage', () => {
  it('shows every field of the status answer in the four cards', async () => {
    server.use(answerGet('api/network/status', STATUS));
    renderWithProviders(<NetworkInfoPage />, { route: '/info/network' });
    await screen.findByRole('heading', { name: 'Wi-Fi (station)' });
    const sta = card('Wi-Fi (station)');
    expect(value(sta, 'Status')).toBe('enabled');
    expect(value(sta, 'SSID')).toBe('not set');
    expect(value(sta, 'BSSID')).toBe(STATUS.sta_bssid);
    expect(value(sta, 'Signal quality')).toBe('60%');
    expect(value(sta, 'RSSI')).toBe('-70 dBm');
    const ap = card('Wi-Fi (access point)');
    expect(value(ap, 'Status')).toBe('disabled');
    expect(value(ap, 'SSID')).toBe(STATUS.ap_ssid);
    expect(value(ap, 'Connected devices')).toBe('2');
    const iface = card('Network interface (Station)');
    expect(value(iface, 'Hostname')).toBe(STATUS.network_hostname);
    expect(value(iface, 'IP address')).toBe(STATUS.network_ip);
    expect(value(iface, 'Netmask')).toBe(STATUS.network_netmask);
    expect(value(iface, 'Default gateway')).toBe(STATUS.network_gateway);
    expect(value(iface, 'DNS 1')).toBe(STATUS.network_dns1);
    expect(value(iface, 'DNS 2')).toBe(STATUS.network_dns2);
    expect(value(iface, 'MAC address')).toBe(STATUS.network_mac);
    const apIface = card('Network interface (access point)');
    expect(value(apIface, 'IP address')).toBe(STATUS.ap_ip);
    expect(value(apIface, 'MAC address')).toBe(STATUS.ap_mac);
    expect(document.body).not.toHaveTextContent('undefined');
  });

  it('shows a failed load with Retry', async () => {
    server.use(http.get('*/api/network/status', () => HttpResponse.error()));
    renderWithProviders(<NetworkInfoPage />, { route: '/info/network' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the data');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
