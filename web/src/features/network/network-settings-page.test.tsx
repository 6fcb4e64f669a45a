import { screen, waitFor } from '@testing-library/react';
import type { NetworkConfig } from '@heliodtu/contract/network';
import { describe, expect, it } from 'vitest';
import { answerGet, recordPosts, SAVED } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NetworkSettingsPage } from './network-settings-page';

const CONFIG: NetworkConfig = {
  hostname: 'OpenDTU-%06X',
  dhcp: true,
  ipaddress: '0.0.0.0',
  netmask: '0.0.0.0',
  gateway: '0.0.0.0',
  dns1: '0.0.0.0',
  dns2: '0.0.0.0',
  ssid: 'home-wifi',
  password: 'wifi-secret',
  aptimeout: 3,
  mdnsenabled: false,
};

/** A v26 device's answer: the reference's fields and the syslog settings (wire-current §3). */
const CONFIG_V26: NetworkConfig = {
  ...CONFIG,
  syslogenabled: false,
  sysloghostname: '',
  syslogport: 514,
};

async function renderPage(config: NetworkConfig = CONFIG, answer: object = SAVED) {
  const post = recordPosts('api/network/config', answer);
  server.use(answerGet('api/network/config', config), post.handler);
  const view = renderWithProviders(<NetworkSettingsPage />, {
    route: '/settings/network',
    loggedIn: true,
  });
  await screen.findByLabelText('Wi-Fi network (SSID)');
  return { ...view, post };
}

const dhcp = () => screen.getByRole('switch', { name: 'Enable DHCP' });
const save = () => screen.getByRole('button', { name: 'Save' });
const staticHeading = () => screen.queryByRole('heading', { name: 'Static IP address' });

describe('NetworkSettingsPage', () => {
  it('shows the gateway values', async () => {
    await renderPage();
    expect(screen.getByLabelText('Wi-Fi network (SSID)')).toHaveValue('home-wifi');
    expect(screen.getByLabelText('Wi-Fi password')).toHaveValue('wifi-secret');
    expect(screen.getByLabelText('Hostname')).toHaveValue('OpenDTU-%06X');
    expect(screen.getByRole('switch', { name: 'Enable mDNS' })).not.toBeChecked();
    expect(screen.getByLabelText('Access point timeout')).toHaveValue(3);
  });

  it('hides the static IP section while DHCP is on', async () => {
    const { user } = await renderPage();
    expect(dhcp()).toBeChecked();
    expect(staticHeading()).toBeNull();
    expect(screen.queryByLabelText('IP address')).toBeNull();
    await user.click(dhcp());
    expect(staticHeading()).toBeVisible();
    for (const label of [
      'IP address',
      'Netmask',
      'Default gateway',
      'DNS server 1',
      'DNS server 2',
    ]) {
      expect(screen.getByLabelText(label)).toHaveValue('0.0.0.0');
    }
    await user.click(dhcp());
    expect(staticHeading()).toBeNull();
  });

  it('refuses an address that is no IPv4, says which, and sends nothing', async () => {
    const { user, post } = await renderPage();
    await user.click(dhcp());
    const netmask = screen.getByLabelText('Netmask');
    await user.clear(netmask);
    await user.type(netmask, '255.255.0');
    await user.clear(screen.getByLabelText('DNS server 2'));
    await user.type(screen.getByLabelText('DNS server 2'), '1.2.3.256');
    await user.click(save());
    expect(await screen.findByText('The netmask is not valid.')).toBeVisible();
    expect(screen.getByText('The address of DNS server 2 is not valid.')).toBeVisible();
    expect(netmask).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(netmask).toHaveFocus());
    expect(post.received).toEqual([]);
  });

  it('says the allowed length of the hostname and sends nothing', async () => {
    const { user, post } = await renderPage();
    await user.clear(screen.getByLabelText('Hostname'));
    await user.click(save());
    expect(await screen.findByText('Use 1 to 31 characters.')).toBeVisible();
    expect(post.received).toEqual([]);
  });

  it('asks for the access point timeout when it is cleared or out of range', async () => {
    const { user, post } = await renderPage();
    const timeout = screen.getByLabelText('Access point timeout');
    await user.clear(timeout);
    await user.click(save());
    expect(await screen.findByText('Please enter a value.')).toBeVisible();
    await user.type(timeout, '100000');
    expect(await screen.findByText('Enter a number from 0 to 99999.')).toBeVisible();
    expect(post.received).toEqual([]);
  });

  it('saves a static address with every other value and shows the result', async () => {
    const { user, post } = await renderPage();
    await user.click(dhcp());
    const fill = async (label: string, text: string) => {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), text);
    };
    await fill('IP address', '192.168.1.50');
    await fill('Netmask', '255.255.255.0');
    await fill('Default gateway', '192.168.1.1');
    await fill('DNS server 1', '192.168.1.1');
    await user.click(screen.getByRole('switch', { name: 'Enable mDNS' }));
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([
      {
        ...CONFIG,
        dhcp: false,
        ipaddress: '192.168.1.50',
        netmask: '255.255.255.0',
        gateway: '192.168.1.1',
        dns1: '192.168.1.1',
        mdnsenabled: true,
      },
    ]);
  });

  it('with DHCP back on, a half-typed hidden address does not block the save', async () => {
    const { user, post } = await renderPage({ ...CONFIG, ipaddress: '10.0.0.5' });
    await user.click(dhcp());
    await user.type(screen.getByLabelText('IP address'), '.');
    await user.click(dhcp());
    await user.click(save());
    await waitFor(() => expect(post.received).toHaveLength(1));
    expect(post.received[0]).toMatchObject({ dhcp: true, ipaddress: '0.0.0.0' });
  });

  it('shows no syslog fields for a device without them (v24) and sends none', async () => {
    const { user, post } = await renderPage();
    expect(screen.queryByRole('heading', { name: 'Syslog' })).toBeNull();
    expect(screen.queryByLabelText('Syslog server')).toBeNull();
    await user.click(save());
    await waitFor(() => expect(post.received).toHaveLength(1));
    expect(post.received[0]).not.toHaveProperty('syslogenabled');
    expect(post.received[0]).not.toHaveProperty('syslogport');
  });

  it('shows and saves the syslog settings of a v26 device', async () => {
    const { user, post } = await renderPage(CONFIG_V26);
    expect(screen.getByRole('heading', { name: 'Syslog' })).toBeVisible();
    expect(screen.getByLabelText('Port')).toHaveValue(514);
    await user.click(screen.getByRole('switch', { name: 'Send the log to a syslog server' }));
    await user.type(screen.getByLabelText('Syslog server'), 'logs.example.net');
    await user.clear(screen.getByLabelText('Port'));
    await user.type(screen.getByLabelText('Port'), '1514');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([
      { ...CONFIG_V26, syslogenabled: true, sysloghostname: 'logs.example.net', syslogport: 1514 },
    ]);
  });

  it('asks for a syslog server while syslog is enabled and a port in range, sending nothing', async () => {
    const { user, post } = await renderPage({ ...CONFIG_V26, syslogenabled: true });
    await user.click(save());
    const server = screen.getByLabelText('Syslog server');
    expect(
      await screen.findByText('The syslog server must be 1 to 128 characters long.'),
    ).toBeVisible();
    expect(server).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(server).toHaveFocus());
    await user.type(server, 'logs.example.net');
    const port = screen.getByLabelText('Port');
    await user.clear(port);
    await user.type(port, '70000');
    await user.click(save());
    expect(
      await screen.findByText('The syslog port must be a number from 1 to 65535.'),
    ).toBeVisible();
    await user.clear(port);
    await user.click(save());
    expect(await screen.findByText('Please enter a value.')).toBeVisible();
    expect(post.received).toEqual([]);
  });

  it.each([
    [8007, { max: 128 }, 'The syslog server must be 1 to 128 characters long.'],
    [8008, undefined, 'The syslog port must be a number from 1 to 65535.'],
  ])('shows the device refusal %i translated', async (code, param, text) => {
    const refusal = {
      type: 'warning',
      message: 'Syslog refused',
      code,
      ...(param ? { param } : {}),
    };
    const { user } = await renderPage(
      { ...CONFIG_V26, syslogenabled: true, sysloghostname: 'x' },
      refusal,
    );
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
