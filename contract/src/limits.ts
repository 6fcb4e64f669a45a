/**
 * Every bound of spec §5/§9 and wire-contract §6.7, in one place.
 * Where the spec is stricter than the firmware (wire-contract §11) the spec's bound
 * holds on our server too; each such choice is marked `SPEC_STRICTER`.
 */
export interface Range {
  readonly min: number;
  readonly max: number;
}

export const MAX_INVERTERS = 10;
export const MAX_CHANNELS = 6;
export const LED_COUNT = 2;

export const INVERTER_NAME_MAX = 31;
/** Spec §3 says 31; the device keeps ≤ 30 in a 31-byte buffer. We store 31 (SPEC_STRICTER not needed: looser is harmless). */
export const CHANNEL_NAME_MAX = 31;
/** SPEC_STRICTER: spec §5 reachable threshold 1..100; the firmware does not check it. */
export const REACHABLE_THRESHOLD: Range = { min: 1, max: 100 };
export const REACHABLE_THRESHOLD_DEFAULT = 2;
/** Channel max_power is uint16 on the wire; spec §5 min 0. */
export const CHANNEL_MAX_POWER: Range = { min: 0, max: 65535 };
/** SPEC_STRICTER: spec §5 yield_total_offset ≥ 0. */
export const YIELD_TOTAL_OFFSET_MIN = 0;
/** HelioDTU extension: a string's azimuth in whole degrees clockwise from north (90 east, 180 south). */
export const STRING_AZIMUTH: Range = { min: 0, max: 359 };
/** HelioDTU extension: a string's tilt in whole degrees from horizontal (0 flat, 90 vertical). */
export const STRING_TILT: Range = { min: 0, max: 90 };

export const PIN_MAPPING_NAME_MAX = 63;
export const PIN_PROFILE_NAME_MAX = 31;

export const WIFI_SSID_MAX = 32;
/** Device accepts ≤ 63 (wire-contract §11.4); spec says 64. The firmware's 63 wins: a 64-char WPA key is hex, not a passphrase. */
export const WIFI_PASSWORD_MAX = 63;
/** Device 31, spec 32: the buffer holds 31, so the device bound holds. */
export const HOSTNAME_MAX = 31;
export const AP_TIMEOUT: Range = { min: 0, max: 99999 };
/** Current firmware's syslog target (wire-current §3): a server name 1..128 while enabled. */
export const SYSLOG_HOSTNAME_MAX = 128;
export const SYSLOG_PORT: Range = { min: 1, max: 65535 };
/** The syslog port of a fresh configuration (UDP syslog's). */
export const SYSLOG_PORT_DEFAULT = 514;

/** ESP-IDF log levels of current firmware's logging settings: 0 none, 1 error … 5 verbose. */
export const LOG_LEVEL: Range = { min: 0, max: 5 };
/** A module's level that follows the default level. */
export const LOG_LEVEL_INHERIT = -1;
/** ESP-IDF's default: info. */
export const LOG_LEVEL_DEFAULT = 3;

export const SECURITY_PASSWORD: Range = { min: 8, max: 64 };
export const DEFAULT_PASSWORD = 'openDTU42';
export const ADMIN_USERNAME = 'admin';
/**
 * Failed logins per client (a HelioDTU addition; OpenDTU has no limit): after this many different
 * wrong passwords within LOGIN_LOCKOUT_SECONDS, the client's logins are refused with 429 and
 * Retry-After, without the password being checked, for LOGIN_LOCKOUT_SECONDS.
 */
export const LOGIN_FAILURES_MAX = 10;
export const LOGIN_LOCKOUT_SECONDS = 300;

export const NTP_SERVER_MAX = 31;
export const NTP_TIMEZONE_MAX = 50;
export const NTP_TIMEZONE_DESCR_MAX = 50;
/** SPEC_STRICTER: spec §5 latitude −90..90, longitude −180..180; the firmware does not check. */
export const LATITUDE: Range = { min: -90, max: 90 };
export const LONGITUDE: Range = { min: -180, max: 180 };
export const SUNSET_TYPES = [0, 1, 2, 3] as const;
export const NTP_YEAR: Range = { min: 2022, max: 2100 };
export const NTP_MONTH: Range = { min: 1, max: 12 };
export const NTP_DAY: Range = { min: 1, max: 31 };
export const NTP_HOUR: Range = { min: 0, max: 23 };
export const NTP_MINUTE: Range = { min: 0, max: 59 };
export const NTP_SECOND: Range = { min: 0, max: 59 };

/**
 * HelioDTU extension (issue 37): the owner's away time of a device known by its MQTT topics, in
 * whole seconds (DTU_AWAY_S, DTU_AWAY_S_<NAME>, the Devices screen). Shorter than two publish
 * runs of a quick device would flap; longer than an hour hides an outage.
 */
export const AWAY_SECONDS_RANGE: Range = { min: 10, max: 3600 };
/** Without one, a device is away after this many of its publish intervals, … */
export const AWAY_AUTO_INTERVALS = 3;
/** … but never sooner than this (s): a device publishes every 5 s by default. */
export const AWAY_AUTO_MIN_SECONDS = 60;

export const MQTT_HOSTNAME_MAX = 128;
export const MQTT_CLIENTID_MAX = 64;
export const MQTT_USERNAME_MAX = 64;
export const MQTT_PASSWORD_MAX = 64;
export const MQTT_TOPIC_MAX = 32;
export const MQTT_CERT_MAX = 2560;
export const MQTT_LWT_TOPIC_MAX = 32;
export const MQTT_LWT_VALUE_MAX = 20;
export const MQTT_LWT_QOS_MAX = 2;
export const MQTT_HASS_TOPIC_MAX = 32;
export const MQTT_PORT: Range = { min: 1, max: 65535 };
/** The server answers 7013 with max 65535 (wire-contract §11.3); spec/UI say 86400. The wire code's param wins so clients see one range. */
export const MQTT_PUBLISH_INTERVAL: Range = { min: 5, max: 65535 };

/** SPEC_STRICTER: spec §5/§9 poll interval 1..86400; the firmware has no upper bound. */
export const POLL_INTERVAL: Range = { min: 1, max: 86400 };
/** Spec §9: DTU serial 1..199999999999 (decimal reading of the hex digits). */
export const DTU_SERIAL_MAX_DIGITS = 12;
export const NRF_PA_LEVEL: Range = { min: 0, max: 3 };
export const CMT_PA_LEVEL: Range = { min: -10, max: 20 };
export const CMT_CHANNEL_WIDTH_HZ = 250_000;

/** SPEC_STRICTER: spec §5 diagram duration 600..86400 and contrast 0..100; the firmware does not check. */
export const DIAGRAM_DURATION: Range = { min: 600, max: 86400 };
export const DISPLAY_CONTRAST: Range = { min: 0, max: 100 };
export const DISPLAY_ROTATION: Range = { min: 0, max: 3 };
export const DIAGRAM_MODE: Range = { min: 0, max: 2 };
export const LED_BRIGHTNESS: Range = { min: 0, max: 100 };
export const DISPLAY_LOCALE_MAX = 2;

/** Absolute limit ceiling (MAX_INVERTER_LIMIT); relative limits are 0..100 %. */
export const LIMIT_ABSOLUTE_MAX = 2250;
export const LIMIT_RELATIVE_MAX = 100;

export const CONFIG_VERSION = 0x00011d00;
export const CONFIG_VERSION_STRING = '0.1.29';
export const CONFIG_FILE = 'config.json';
export const PIN_MAPPING_FILE = 'pin_mapping.json';
export const LANGUAGE_PACK_SUFFIX = '.lang.json';

/** Largest POST body we read (the firmware's JSON buffers are far smaller). */
export const POST_BODY_MAX_BYTES = 64 * 1024;
/** Largest file accepted by /api/file/upload (the device's LittleFS is ~1.4 MB). */
export const FILE_UPLOAD_MAX_BYTES = 1024 * 1024;
/** Largest firmware image: one OTA slot of the 4 MB partition table (sketch_total of wire-contract §4.11; the upload is §4.13). */
export const FIRMWARE_MAX_BYTES = 1_966_080;
/** Largest .bin.gz upload: a compressed image is smaller than the slot it unpacks into. */
export const FIRMWARE_GZ_MAX_BYTES = FIRMWARE_MAX_BYTES;

/** Timers of spec §9, milliseconds. */
export const TIMERS = {
  liveKeepAlive: 59_000,
  liveReconnectAfterEmpty: 10_000,
  consoleKeepAlive: 5_000,
  redirectDelay: 1_000,
  waitPagePoll: 1_000,
  clockTick: 1_000,
  currentDateRefresh: 10_000,
  routerScrollDelay: 100,
  sortAnimation: 150,
  md5Chunk: 2_097_152,
  dataAgeAbsoluteAfterSeconds: 300,
  timeSyncHintAfter: 60_000,
} as const;

export const PULL_TO_REFRESH = {
  threshold: 60,
  max: 80,
  reloadDistance: 50,
  refreshTimeout: 500,
} as const;

/** Grid meter (issue 35). */
export const GRID_METER_PHASES_MAX = 3;
export const GRID_METER_TOPIC_MAX = 256;
export const GRID_METER_JSON_PATH_MAX = 128;
export const GRID_METER_URL_MAX = 512;
export const GRID_METER_SECRET_MAX = 128;
export const GRID_METER_HTTP_INTERVAL_S: Range = { min: 1, max: 60 };
export const GRID_METER_HTTP_INTERVAL_DEFAULT_S = 5;
/** A reading older than this is stale; never less than twice the HTTP poll interval. */
export const GRID_METER_STALE_AFTER_S: Range = { min: 2, max: 600 };
export const GRID_METER_STALE_AFTER_DEFAULT_S = 30;
/** Consumption below zero for this long means a wrong sign setting (ms). */
export const GRID_METER_IMPLAUSIBLE_AFTER_MS = 60_000;

/** Export control (issue 35). */
export const EXPORT_CONTROL_TARGET_W: Range = { min: -10_000, max: 10_000 };
export const EXPORT_CONTROL_HYSTERESIS_W: Range = { min: 0, max: 1_000 };
export const EXPORT_CONTROL_HYSTERESIS_DEFAULT_W = 20;
export const EXPORT_CONTROL_COMMAND_SPACING_S: Range = { min: 1, max: 300 };
export const EXPORT_CONTROL_COMMAND_SPACING_DEFAULT_S = 10;
export const EXPORT_CONTROL_MANUAL_PAUSE_MIN: Range = { min: 1, max: 1_440 };
export const EXPORT_CONTROL_MANUAL_PAUSE_DEFAULT_MIN = 30;
/** Every inverter of up to eight devices of ten inverters each. */
export const EXPORT_CONTROL_INVERTERS_MAX = 80;
export const EXPORT_CONTROL_LIMIT_W: Range = { min: 0, max: 65_535 };
/** A limit counts as applied when the read-back is within this share of the request. */
export const EXPORT_CONTROL_CONFIRM_TOLERANCE = 0.02;
/** A limit not confirmed within this long opens an alert and sends the inverter to its fallback. */
export const EXPORT_CONTROL_CONFIRM_TIMEOUT_MS = 30_000;
/**
 * Limit commands per inverter in any hour: once this many less the reserve were sent in the
 * last hour, increases wait; decreases never do (the reserve is theirs).
 */
export const EXPORT_CONTROL_COMMANDS_PER_HOUR = 60;
export const EXPORT_CONTROL_DECREASE_RESERVE = 10;
