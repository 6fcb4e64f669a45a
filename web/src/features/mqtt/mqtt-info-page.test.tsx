import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MqttStatus } from '@heliodtu/contract/mqtt';
import { answerGet } from '@/testing/api-handlers';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { MqttInfoPage } from './mqtt-info-page';

const CA =
  'issuer name : CN=ISRG Root X1\nsubject name : CN=ISRG Root X1\nexpires on : 2035-06-04\n';
const STATUS: MqttStatus = {
  mqtt_enabled: true,
  mqtt_hostname: 'broker.lan',
  mqtt_port: 8883,
  mqtt_clientid: 'OpenDTU-1',
  mqtt_username: '',
  mqtt_topic: 'solar/',
  mqtt_connected: true,
  mqtt_retain: true,
  mqtt_tls: true,
  mqtt_root_ca_cert_info: CA,
  mqtt_tls_cert_login: true,
  mqtt_client_cert_info: '',
  mqtt_lwt_topic: 'solar/dtu/status',
  mqtt_publish_interval: 1,
  mqtt_clean_session: false,
  mqtt_hass_enabled: true,
  mqtt_hass_expire: false,
  mqtt_hass_retain: true,
  mqtt_hass_topic: 'homeassistant/',
  mqtt_hass_individualpanels: false,
};

function value(label: string, index = 0) {
  const row = screen.getAllByRole('rowheader', { name: label })[index]?.closest('tr');
  if (!row) throw new Error(`no row ${label}`);
  return within(row).getByRole('cell').textContent;
}

describe('MqttInfoPage', () => {
  it('shows configuration, certificates as summaries, Home Assistant and runtime', async () => {
    server.use(answerGet('api/mqtt/status', STATUS));
    renderWithProviders(<MqttInfoPage />, { route: '/info/mqtt' });
    await screen.findByRole('rowheader', { name: 'Broker' });
    expect(value('Status')).toBe('enabled');
    expect(value('Broker')).toBe('broker.lan');
    expect(value('Port')).toBe('8883');
    expect(value('Client ID')).toBe('OpenDTU-1');
    expect(value('Username')).toBe('not set');
    expect(value('Publish interval')).toBe('1 second');
    expect(value('Clean session')).toBe('disabled');
    expect(value('TLS')).toBe('enabled');
    expect(value('Root CA certificate')).toBe(CA.trimEnd());
    expect(value('Client certificate')).toBe('none, or it could not be read');
    expect(value('Connection')).toBe('connected');
    expect(value('Discovery prefix')).toBe('homeassistant/');
    expect(value('Expire')).toBe('disabled');
    expect(value('Individual panels')).toBe('disabled');
  });

  it('hides the certificate rows without TLS', async () => {
    server.use(
      answerGet('api/mqtt/status', { ...STATUS, mqtt_tls: false, mqtt_tls_cert_login: false }),
    );
    renderWithProviders(<MqttInfoPage />, { route: '/info/mqtt' });
    await screen.findByRole('rowheader', { name: 'Broker' });
    expect(screen.queryByRole('rowheader', { name: 'Root CA certificate' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Client certificate' })).toBeNull();
  });
});
