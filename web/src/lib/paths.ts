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
  /** The grid meter and export control (a HelioDTU extension, issue 35; shown only when the gateway has them). */
  powerControl: '/power-control',
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
  /** The devices behind a companion (issue 27; shown only on a companion). */
  devices: '/settings/devices',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/**
 * The screens that act on one device behind a companion with several (issue 27): they carry the
 * device in their URL (`?dtu=`) and show the device picker. Live view, history, the Devices
 * screen and the rest belong to the companion as a whole.
 */
const DEVICE_SCREENS: ReadonlySet<string> = new Set([
  PATHS.wait,
  PATHS.systemInfo,
  PATHS.networkInfo,
  PATHS.ntpInfo,
  PATHS.mqttInfo,
  PATHS.console,
  PATHS.networkSettings,
  PATHS.ntpSettings,
  PATHS.mqttSettings,
  PATHS.inverterSettings,
  PATHS.dtuSettings,
  PATHS.deviceManager,
  PATHS.configManagement,
  PATHS.securitySettings,
  PATHS.loggingSettings,
  PATHS.firmwareUpgrade,
  PATHS.reboot,
]);

/** Whether an in-app path (without query) is a one-device screen. */
export const isDeviceScreen = (path: string): boolean => DEVICE_SCREENS.has(path);
