import { z } from 'zod';
import {
  CONFIG_VERSION,
  DEFAULT_PASSWORD,
  LED_COUNT,
  LOG_LEVEL_DEFAULT,
  SYSLOG_PORT_DEFAULT,
  MAX_CHANNELS,
  MAX_INVERTERS,
  STRING_AZIMUTH,
  STRING_TILT,
} from './limits.js';

/**
 * config.json in the OpenDTU backup schema (wire-contract §9), so a backup from a real
 * device restores here and ours restores there. Every key falls back to its default
 * (wire-contract §6) when missing or of the wrong kind, as the firmware's reader does.
 */
const str = (d: string) => z.string().catch(d).default(d);
const bool = (d: boolean) => z.boolean().catch(d).default(d);
const num = (d: number) => z.number().catch(d).default(d);
const int = (d: number) => z.number().int().catch(d).default(d);
// Serials are 48-bit values stored as JSON numbers; anything else reads as an empty slot.
const serial = () => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).catch(0).default(0);

/** ISRG Root X1, the firmware's default MQTT root CA. */
export const DEFAULT_ROOT_CA = `-----BEGIN CERTIFICATE-----
MIIFazCCA1OgAwIBAgIRAIIQz7DSQONZRGPgu2OCiwAwDQYJKoZIhvcNAQELBQAw
TzELMAkGA1UEBhMCVVMxKTAnBgNVBAoTIEludGVybmV0IFNlY3VyaXR5IFJlc2Vh
cmNoIEdyb3VwMRUwEwYDVQQDEwxJU1JHIFJvb3QgWDEwHhcNMTUwNjA0MTEwNDM4
WhcNMzUwNjA0MTEwNDM4WjBPMQswCQYDVQQGEwJVUzEpMCcGA1UEChMgSW50ZXJu
ZXQgU2VjdXJpdHkgUmVzZWFyY2ggR3JvdXAxFTATBgNVBAMTDElTUkcgUm9vdCBY
MTCCAiIwDQYJKoZIhvcNAQEBBQADggIPADCCAgoCggIBAK3oJHP0FDfzm54rVygc
h77ct984kIxuPOZXoHj3dcKi/vVqbvYATyjb3miGbESTtrFj/RQSa78f0uoxmyF+
0TM8ukj13Xnfs7j/EvEhmkvBioZxaUpmZmyPfjxwv60pIgbz5MDmgK7iS4+3mX6U
A5/TR5d8mUgjU+g4rk8Kb4Mu0UlXjIB0ttov0DiNewNwIRt18jA8+o+u3dpjq+sW
T8KOEUt+zwvo/7V3LvSye0rgTBIlDHCNAymg4VMk7BPZ7hm/ELNKjD+Jo2FR3qyH
B5T0Y3HsLuJvW5iB4YlcNHlsdu87kGJ55tukmi8mxdAQ4Q7e2RCOFvu396j3x+UC
B5iPNgiV5+I3lg02dZ77DnKxHZu8A/lJBdiB3QW0KtZB6awBdpUKD9jf1b0SHzUv
KBds0pjBqAlkd25HN7rOrFleaJ1/ctaJxQZBKT5ZPt0m9STJEadao0xAH0ahmbWn
OlFuhjuefXKnEgV4We0+UXgVCwOPjdAvBbI+e0ocS3MFEvzG6uBQE3xDk3SzynTn
jh8BCNAw1FtxNrQHusEwMFxIt4I7mKZ9YIqioymCzLq9gwQbooMDQaHWBfEbwrbw
qHyGO0aoSCqI3Haadr8faqU9GY/rOPNk3sgrDQoo//fb4hVC1CLQJ13hef4Y53CI
rU7m2Ys6xt0nUW7/vGT1M0NPAgMBAAGjQjBAMA4GA1UdDwEB/wQEAwIBBjAPBgNV
HRMBAf8EBTADAQH/MB0GA1UdDgQWBBR5tFnme7bl5AFzgAiIyBpY9umbbjANBgkq
hkiG9w0BAQsFAAOCAgEAVR9YqbyyqFDQDLHYGmkgJykIrGF1XIpu+ILlaS/V9lZL
ubhzEFnTIZd+50xx+7LSYK05qAvqFyFWhfFQDlnrzuBZ6brJFe+GnY+EgPbk6ZGQ
3BebYhtF8GaV0nxvwuo77x/Py9auJ/GpsMiu/X1+mvoiBOv/2X/qkSsisRcOj/KK
NFtY2PwByVS5uCbMiogziUwthDyC3+6WVwW6LLv3xLfHTjuCvjHIInNzktHCgKQ5
ORAzI4JMPJ+GslWYHb4phowim57iaztXOoJwTdwJx4nLCgdNbOhdjsnvzqvHu7Ur
TkXWStAmzOVyyghqpZXjFaH3pO3JLF+l+/+sKAIuvtd7u+Nxe5AW0wdeRlN8NwdC
jNPElpzVmbUq4JUagEiuTDkHzsxHpFKVK7q4+63SM1N95R1NbdWhscdCb+ZAJzVc
oyi3B43njTOQ5yOf+1CceWxG1bQVs5ZufpsMljq4Ui0/1lvh+wjChP4kqKOJ2qxq
4RgqsahDYVvTH9w7jXbyLeiNdd8XM2w9U/t7y0Ff/9yi0GE44Za4rF2LN9d11TPA
mRGunUHBcnWEvgJBQl9nJEiU0Zsnvgc/ubhPgXRR4Xq37Z0j4r7g1SgEEzwxA57d
emyPxgcYxn/eR44/KJ4EBs+lVDR3veyJm+kXQ99b21/+jh5Xos1AnX5iItreGCc=
-----END CERTIFICATE-----
`;

/** A whole number of degrees in `range`, or absent (also when it is anything else). */
const degrees = (range: { min: number; max: number }) =>
  z.number().int().min(range.min).max(range.max).optional().catch(undefined);

/**
 * One DC input. `azimuth` and `tilt` are a HelioDTU extension (issue 23): the string's
 * orientation, kept only as a pair and left out of the file while unset, so a file without them
 * is OpenDTU's as before and the firmware ignores them in a restored backup.
 */
const ChannelFileSchema = z
  .object({
    name: str(''),
    max_power: int(0),
    yield_total_offset: num(0),
    azimuth: degrees(STRING_AZIMUTH),
    tilt: degrees(STRING_TILT),
  })
  .transform(({ azimuth, tilt, ...channel }): ChannelFile =>
    azimuth === undefined || tilt === undefined ? channel : { ...channel, azimuth, tilt },
  )
  .catch({ name: '', max_power: 0, yield_total_offset: 0 });

const InverterSlotFileSchema = z.object({
  serial: serial(),
  name: str(''),
  order: int(0),
  poll_enable: bool(true),
  poll_enable_night: bool(true),
  command_enable: bool(true),
  command_enable_night: bool(true),
  reachable_threshold: int(2),
  zero_runtime: bool(false),
  zero_day: bool(false),
  clear_eventlog: bool(false),
  yieldday_correction: bool(false),
  channel: z
    .array(ChannelFileSchema)
    .catch([])
    .default([])
    .transform((channels) =>
      Array.from(
        { length: MAX_CHANNELS },
        (_, i) => channels[i] ?? { name: '', max_power: 0, yield_total_offset: 0 },
      ),
    ),
});
export type InverterSlotFile = z.infer<typeof InverterSlotFileSchema>;
export interface ChannelFile {
  name: string;
  max_power: number;
  yield_total_offset: number;
  /** HelioDTU extension, set together with `tilt`. */
  azimuth?: number;
  tilt?: number;
}

// A section that is missing or not an object falls back to all its defaults.
const section = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}),
    z.object(shape),
  );

// A v26.3.30 section: absent stays absent; one that is not an object reads as absent too.
const optionalSection = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined,
    z.object(shape).optional(),
  );

const SYSLOG_SHAPE = {
  enabled: bool(false),
  hostname: str(''),
  port: int(SYSLOG_PORT_DEFAULT),
};
const LOGGING_SHAPE = {
  default: int(LOG_LEVEL_DEFAULT),
  modules: z
    .array(z.object({ name: z.string(), level: z.number().int() }))
    .catch([])
    .default([]),
};

export const ConfigFileSchema = z.object({
  cfg: section({ version: int(CONFIG_VERSION), save_count: int(0) }),
  wifi: section({
    ssid: str(''),
    password: str(''),
    ip: str('0.0.0.0'),
    netmask: str('0.0.0.0'),
    gateway: str('0.0.0.0'),
    dns1: str('0.0.0.0'),
    dns2: str('0.0.0.0'),
    dhcp: bool(true),
    hostname: str('OpenDTU-%06X'),
    aptimeout: int(3),
  }),
  mdns: section({ enabled: bool(false) }),
  /**
   * Current firmware's syslog target and log levels (v26.3.30): absent from a v24.11.7 file,
   * written once a v26 gateway saves them. Read them through syslogSettings / loggingSettings.
   */
  syslog: optionalSection(SYSLOG_SHAPE),
  logging: optionalSection(LOGGING_SHAPE),
  ntp: section({
    server: str('opendtu.pool.ntp.org'),
    timezone: str('CET-1CEST,M3.5.0,M10.5.0/3'),
    timezone_descr: str('Europe/Berlin'),
    latitude: num(51.1657),
    longitude: num(10.4515),
    sunsettype: int(1),
  }),
  mqtt: section({
    enabled: bool(false),
    hostname: str(''),
    port: int(1883),
    clientid: str(''),
    username: str(''),
    password: str(''),
    topic: str('solar/'),
    retain: bool(true),
    publish_interval: int(5),
    clean_session: bool(true),
    lwt: section({
      topic: str('dtu/status'),
      value_online: str('online'),
      value_offline: str('offline'),
      qos: int(2),
    }),
    tls: section({
      enabled: bool(false),
      root_ca_cert: str(DEFAULT_ROOT_CA),
      certlogin: bool(false),
      client_cert: str(''),
      client_key: str(''),
    }),
    hass: section({
      enabled: bool(false),
      retain: bool(true),
      topic: str('homeassistant/'),
      individual_panels: bool(false),
      expire: bool(true),
    }),
  }),
  dtu: section({
    serial: serial(),
    poll_interval: int(5),
    nrf_pa_level: int(0),
    cmt_pa_level: int(0),
    cmt_frequency: int(865_000_000),
    cmt_country_mode: int(0),
  }),
  security: section({ password: str(DEFAULT_PASSWORD), allow_readonly: bool(true) }),
  device: section({
    pinmapping: str(''),
    display: section({
      powersafe: bool(true),
      screensaver: bool(true),
      rotation: int(2),
      contrast: int(60),
      locale: str('en'),
      diagram_duration: int(36000),
      diagram_mode: int(1),
    }),
    led: z
      .array(z.object({ brightness: int(100) }).catch({ brightness: 100 }))
      .catch([])
      .default([])
      .transform((leds) =>
        Array.from({ length: LED_COUNT }, (_, i) => leds[i] ?? { brightness: 100 }),
      ),
  }),
  inverters: z
    .array(InverterSlotFileSchema.catch(() => InverterSlotFileSchema.parse({})))
    .catch([])
    .default([])
    .transform((slots) =>
      Array.from({ length: MAX_INVERTERS }, (_, i) => slots[i] ?? InverterSlotFileSchema.parse({})),
    ),
});
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** A fresh configuration: every default of wire-contract §6. */
export function defaultConfigFile(): ConfigFile {
  return ConfigFileSchema.parse({});
}

export function emptyInverterSlot(): InverterSlotFile {
  return InverterSlotFileSchema.parse({});
}

export type SyslogSettings = z.output<z.ZodObject<typeof SYSLOG_SHAPE>>;
export type LoggingSettings = z.output<z.ZodObject<typeof LOGGING_SHAPE>>;

/** The syslog settings of a file, their defaults while it has none. */
export function syslogSettings(config: Pick<ConfigFile, 'syslog'>): SyslogSettings {
  return config.syslog ?? z.object(SYSLOG_SHAPE).parse({});
}

/** The log levels of a file, their defaults (info, every module inheriting) while it has none. */
export function loggingSettings(config: Pick<ConfigFile, 'logging'>): LoggingSettings {
  return config.logging ?? z.object(LOGGING_SHAPE).parse({});
}
