/** Every route of spec §2. In-app paths start with '/'; the router adds the base path. */
export const PATHS = {
  live: '/',
  login: '/login',
  error: '/error',
  about: '/about',
  /** Energy history (a HelioDTU extension; shown only when the gateway has it). */
  history: '/history',
  /** Alerts (a HelioDTU extension, issue 28; shown only when the gateway has them). */
  alerts: '/alerts',
  wait: '/wait',
  systemInfo: '/info/system',
  networkInfo: '/info/network',
  ntpInfo: '/info/ntp',
  mqttInfo: '/info/mqtt',
  console: '/info/console',
  networkSettings: '/settings/network',
  ntpSettings: '/settings/ntp',
  mqttSettings: '/settings/mqtt',
  inverterSettings: '/settings/inverter',
  dtuSettings: '/settings/dtu',
  deviceManager: '/settings/device',
  configManagement: '/settings/config',
  securitySettings: '/settings/security',
  /** Alert delivery (webhook, e-mail, quiet hours; issue 28). */
  alertsSettings: '/settings/alerts',
  /** Log levels (current firmware only, issue 25; shown only where the device has them). */
  loggingSettings: '/settings/logging',
  firmwareUpgrade: '/firmware/upgrade',
  reboot: '/maintenance/reboot',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];
