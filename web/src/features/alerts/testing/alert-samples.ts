import type { Alert, AlertsConfig, AlertsStatus } from '@heliodtu/contract/alerts';

const BASE: Alert = {
  id: 1,
  kind: 'inverter-unreachable',
  device: 'local',
  serial: '116491234567',
  name: 'Garage roof',
  string: null,
  string_name: '',
  code: null,
  fault: null,
  command: null,
  first_seen: 1_750_000_000,
  opened: 1_750_000_900,
  cleared: null,
  text: 'Garage roof does not answer',
};

export const alertOf = (parts: Partial<Alert>): Alert => ({ ...BASE, ...parts });

/** Two open (an inverter, a string of another), one cleared (the radio, a device alert). */
export const STATUS: AlertsStatus = {
  open: [
    alertOf({ id: 3 }),
    alertOf({
      id: 5,
      kind: 'weak-string',
      serial: '114182345678',
      name: 'House',
      string: 1,
      string_name: 'West 1',
      text: 'String West 1 of House delivers far less than its neighbours',
    }),
  ],
  recent: [
    alertOf({
      id: 2,
      kind: 'radio-missing',
      serial: null,
      name: '',
      cleared: 1_749_990_000,
      text: 'The radio module is missing or not connected',
    }),
  ],
  persistent: true,
  // Five minutes after the first alert opened, on the gateway's clock (mid-June 2025).
  now: 1_750_001_200,
};

export const CONFIG: AlertsConfig = {
  webhook: {
    enabled: true,
    url: 'https://ntfy.example/alerts',
    header_name: 'Authorization',
    header_value_set: true,
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
    password_set: false,
  },
  quiet_hours: { enabled: false, start: '22:00', end: '07:00' },
  mqtt: { enabled: false },
};
