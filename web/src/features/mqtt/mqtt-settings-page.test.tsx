import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MqttConfig } from '@heliodtu/contract/mqtt';
import { mqttConfigFixture } from '@heliodtu/contract/fixtures/mqtt-config';
import { answerGet, recordPosts, SAVED } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { MqttSettingsPage } from './mqtt-settings-page';

const ROOT_CA = '-----BEGIN CERTIFICATE-----\nMIIroot\n-----END CERTIFICATE-----';
// The fixture is a POST body, where the root CA is optional; GET always has it.
const OFF: MqttConfig = { ...mqttConfigFixture, mqtt_root_ca_cert: '' };
const ENABLED: MqttConfig = {
  ...OFF,
  mqtt_enabled: true,
  mqtt_hostname: 'broker.lan',
  mqtt_root_ca_cert: ROOT_CA,
};

async function renderPage(config: MqttConfig = ENABLED, answer: object = SAVED) {
  const post = recordPosts('api/mqtt/config', answer);
  server.use(answerGet('api/mqtt/config', config), post.handler);
  const view = renderWithProviders(<MqttSettingsPage />, {
    route: '/settings/mqtt',
    loggedIn: true,
  });
  await screen.findByRole('switch', { name: 'Enable MQTT' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save' }));
  return { ...view, post, save };
}

const section = (name: string) => screen.queryByRole('heading', { level: 2, name });
const hassSwitch = () =>
  screen.queryByRole('switch', { name: 'Enable Home Assistant auto discovery' });

describe('MqttSettingsPage visibility (spec §4)', () => {
  it('shows only the MQTT switch while MQTT is off', async () => {
    await renderPage(OFF);
    expect(screen.getByRole('switch', { name: 'Enable MQTT' })).not.toBeChecked();
    expect(hassSwitch()).toBeNull();
    expect(section('Broker')).toBeNull();
    expect(section('Last will (LWT)')).toBeNull();
    expect(section('Home Assistant auto discovery')).toBeNull();
  });

  it('enabling MQTT brings the Home Assistant option, broker and last will', async () => {
    const { user } = await renderPage(OFF);
    await user.click(screen.getByRole('switch', { name: 'Enable MQTT' }));
    expect(hassSwitch()).not.toBeChecked();
    expect(section('Broker')).toBeVisible();
    expect(section('Last will (LWT)')).toBeVisible();
    expect(screen.getByLabelText('Server')).toHaveValue('');
    expect(screen.getByLabelText('QoS level')).toHaveDisplayValue('2 (exactly once)');
    expect(section('Home Assistant auto discovery')).toBeNull();
  });

  it('shows the Home Assistant section only while both switches are on', async () => {
    const { user } = await renderPage();
    expect(section('Home Assistant auto discovery')).toBeNull();
    await user.click(hassSwitch()!);
    expect(section('Home Assistant auto discovery')).toBeVisible();
    expect(screen.getByLabelText('Discovery prefix')).toHaveValue('homeassistant/');
    await user.click(screen.getByRole('switch', { name: 'Enable MQTT' }));
    expect(section('Home Assistant auto discovery')).toBeNull();
    expect(hassSwitch()).toBeNull();
  });

  it('shows the root CA and certificate login only with TLS, client cert and key only with login', async () => {
    const { user } = await renderPage();
    const certLogin = () =>
      screen.queryByRole('switch', { name: 'Log in with a client certificate' });
    expect(screen.queryByLabelText('Root CA certificate')).toBeNull();
    expect(certLogin()).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Use TLS' }));
    expect(screen.getByLabelText('Root CA certificate')).toHaveValue(ROOT_CA);
    expect(certLogin()).not.toBeChecked();
    expect(screen.queryByLabelText('Client certificate')).toBeNull();
    expect(screen.queryByLabelText('Client key')).toBeNull();

    await user.click(certLogin()!);
    expect(screen.getByLabelText('Client certificate')).toBeVisible();
    expect(screen.getByLabelText('Client key')).toBeVisible();

    await user.click(screen.getByRole('switch', { name: 'Use TLS' }));
    expect(screen.queryByLabelText('Client certificate')).toBeNull();
    expect(screen.queryByLabelText('Root CA certificate')).toBeNull();
  });
});

describe('MqttSettingsPage validation (spec §5, shared rules)', () => {
  it('wants a trailing slash on the base topic and sends nothing', async () => {
    const { user, post, save } = await renderPage();
    const topic = screen.getByLabelText('Base topic');
    await user.clear(topic);
    await user.type(topic, 'solar');
    await save();
    expect(await screen.findByText('The topic must end with a slash (/).')).toBeVisible();
    expect(topic).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(topic).toHaveFocus());
    expect(post.received).toEqual([]);
  });

  it.each([
    ['Port', '0', 'The port must be a number from 1 to 65535.'],
    ['Port', '65536', 'The port must be a number from 1 to 65535.'],
    ['Port', '', 'Please enter a value.'],
    ['Publish interval', '4', 'The publish interval must be a number from 5 to 65535.'],
    ['Publish interval', '2.5', 'Enter a whole number.'],
    ['Base topic', 'my solar/', 'The topic must not contain spaces.'],
    ['LWT topic', 'dtu status', 'The LWT topic must not contain spaces.'],
    ['Server', '', 'The MQTT server must be 1 to 128 characters long.'],
  ])('%s "%s" → %s', async (label, typed, message) => {
    const { user, post, save } = await renderPage();
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (typed) await user.type(input, typed);
    await save();
    expect(await screen.findByText(message)).toBeVisible();
    expect(post.received).toEqual([]);
  });

  it('checks the discovery prefix only while discovery is on', async () => {
    const spaced = { ...ENABLED, mqtt_hass_topic: 'home assistant/' };
    const { user, post, save } = await renderPage(spaced);
    await user.click(hassSwitch()!);
    await save();
    expect(
      await screen.findByText('The Home Assistant topic must not contain spaces.'),
    ).toBeVisible();
    expect(post.received).toEqual([]);

    await user.click(hassSwitch()!);
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toHaveLength(1);
  });

  it('refuses a stored certificate over 2560 characters once TLS shows it', async () => {
    const long = { ...ENABLED, mqtt_tls: true, mqtt_root_ca_cert: 'x'.repeat(2561) };
    const { post, save } = await renderPage(long);
    await save();
    expect(
      await screen.findByText('A certificate may have at most 2560 characters.'),
    ).toBeVisible();
    expect(post.received).toEqual([]);
  });

  it('saves unchecked values while MQTT is off, as the gateway does', async () => {
    const off = { ...OFF, mqtt_topic: 'no slash' };
    const { post, save } = await renderPage(off);
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([off]);
  });
});

describe('MqttSettingsPage saving', () => {
  it('posts every wire field, the stored root CA included, and shows success', async () => {
    const { user, post, save } = await renderPage();
    const interval = screen.getByLabelText('Publish interval');
    await user.clear(interval);
    await user.type(interval, '30');
    await user.selectOptions(screen.getByLabelText('QoS level'), '1 (at least once)');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings saved');
    expect(post.received).toEqual([{ ...ENABLED, mqtt_publish_interval: 30, mqtt_lwt_qos: 1 }]);
    expect(Object.keys(post.received[0] as object)).toEqual(Object.keys(OFF));
  });

  it("shows the gateway's refusal in its code's words", async () => {
    const { save } = await renderPage(ENABLED, {
      type: 'warning',
      message: 'Topic must end with slash (/)!',
      code: 7006,
    });
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-warning');
    expect(alert).toHaveTextContent('The topic must end with a slash (/).');
  });

  it('Cancel brings back the gateway values', async () => {
    const { user } = await renderPage();
    const host = screen.getByLabelText('Server');
    await user.clear(host);
    await user.type(host, 'other.lan');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('Server')).toHaveValue('broker.lan'));
  });
});
