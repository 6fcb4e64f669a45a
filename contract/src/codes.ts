/** Result codes by name, wire-contract §5 (include/WebApi_errors.h). */
export const ApiCode = {
  GenericBase: 1000,
  GenericSuccess: 1001,
  GenericNoValueFound: 1002,
  GenericDataTooLarge: 1003,
  GenericParseError: 1004,
  GenericValueMissing: 1005,
  GenericWriteFailed: 1006,
  GenericInternalServerError: 1007,

  DtuBase: 2000,
  DtuSerialZero: 2001,
  DtuPollZero: 2002,
  DtuInvalidPowerLevel: 2003,
  DtuInvalidCmtFrequency: 2004,
  DtuInvalidCmtCountry: 2005,

  FileBase: 3000,
  FileNotDeleted: 3001,
  FileSuccess: 3002,
  FileDeleteSuccess: 3003,

  InverterBase: 4000,
  InverterSerialZero: 4001,
  InverterNameLength: 4002,
  InverterCount: 4003,
  InverterAdded: 4004,
  InverterInvalidId: 4005,
  InverterInvalidMaxChannel: 4006,
  InverterChanged: 4007,
  InverterDeleted: 4008,
  InverterOrdered: 4009,
  InverterStatsResetted: 4010,

  LimitBase: 5000,
  LimitSerialZero: 5001,
  LimitInvalidLimit: 5002,
  LimitInvalidType: 5003,
  LimitInvalidInverter: 5004,

  MaintenanceBase: 6000,
  MaintenanceRebootTriggered: 6001,
  MaintenanceRebootCancled: 6002,

  MqttBase: 7000,
  MqttHostnameLength: 7001,
  MqttUsernameLength: 7002,
  MqttPasswordLength: 7003,
  MqttTopicLength: 7004,
  MqttTopicCharacter: 7005,
  MqttTopicTrailingSlash: 7006,
  MqttPort: 7007,
  MqttCertificateLength: 7008,
  MqttLwtTopicLength: 7009,
  MqttLwtTopicCharacter: 7010,
  MqttLwtOnlineLength: 7011,
  MqttLwtOfflineLength: 7012,
  MqttPublishInterval: 7013,
  MqttHassTopicLength: 7014,
  MqttHassTopicCharacter: 7015,
  MqttLwtQos: 7016,
  MqttClientIdLength: 7017,

  NetworkBase: 8000,
  NetworkIpInvalid: 8001,
  NetworkNetmaskInvalid: 8002,
  NetworkGatewayInvalid: 8003,
  NetworkDns1Invalid: 8004,
  NetworkDns2Invalid: 8005,
  NetworkApTimeoutInvalid: 8006,

  NtpBase: 9000,
  NtpServerLength: 9001,
  NtpTimezoneLength: 9002,
  NtpTimezoneDescriptionLength: 9003,
  NtpYearInvalid: 9004,
  NtpMonthInvalid: 9005,
  NtpDayInvalid: 9006,
  NtpHourInvalid: 9007,
  NtpMinuteInvalid: 9008,
  NtpSecondInvalid: 9009,
  NtpTimeUpdated: 9010,

  SecurityBase: 10000,
  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,

  PowerBase: 11000,
  PowerSerialZero: 11001,
  PowerInvalidInverter: 11002,

  HardwareBase: 12000,
  HardwarePinMappingLength: 12001,
} as const;

/**
 * Codes current firmware (v26.3.30) added to the reference's catalogue (wire-current §3), each
 * numbered after the last code of its block. Only a device of that generation sends them; they
 * are kept apart from ApiCode so that the reference's catalogue stays exactly OpenDTU v24's.
 */
export const ApiCodeV26 = {
  MqttHassTopicTrailingSlash: 7018,
  NetworkSyslogHostnameLength: 8007,
  NetworkSyslogPort: 8008,
} as const;

/**
 * HelioDTU's own codes (a range OpenDTU does not use): the companion's Devices screen and its
 * device paths (issue 27). Only a companion sends them; the interface translates them by code.
 */
export const ApiCodeCompanion = {
  CompanionBase: 20000,
  /** The test reached an OpenDTU with the given login. */
  DeviceReachable: 20001,
  DeviceAdded: 20002,
  DeviceChanged: 20003,
  DeviceDeleted: 20004,
  DeviceOrdered: 20005,
  /** The device cannot be used: `message` says why, `problem` is its DeviceProblemCode. */
  DeviceProblem: 20006,
  /** Empty, too long, or nothing to make an id of. */
  DeviceNameInvalid: 20007,
  /** Another device has this name (or one giving the same id). */
  DeviceNameTaken: 20008,
  /** Not an http(s) address, or one with a user or password in it. */
  DeviceUrlInvalid: 20009,
  /** No device with this id (a Devices request, or a `/dtu/<id>/` path). */
  DeviceUnknown: 20010,
  /** Set by DTU_URL: changed there, not on the Devices screen. */
  DeviceFromEnvironment: 20011,
  /** The order does not name every device once. */
  DeviceOrderInvalid: 20012,
  /**
   * An /api path neither the companion nor its device has (answered 404, never the web page a
   * device answers it with).
   */
  ApiPathUnknown: 20013,
  /**
   * An away time outside limits.ts AWAY_SECONDS_RANGE (`param` has min and max), or one given
   * for a device reached over HTTP (it is only for a device known by its MQTT topics).
   */
  DeviceAwayInvalid: 20014,
} as const;

export type ApiCodeName =
  keyof typeof ApiCode | keyof typeof ApiCodeV26 | keyof typeof ApiCodeCompanion;
export type ApiCodeValue =
  | (typeof ApiCode)[keyof typeof ApiCode]
  | (typeof ApiCodeV26)[keyof typeof ApiCodeV26]
  | (typeof ApiCodeCompanion)[keyof typeof ApiCodeCompanion];

/**
 * The device's English message per code. The web interface shows translated
 * `apiresponse.<code>` texts; these are for API clients that read `message`.
 */
export const API_MESSAGES: Partial<Record<ApiCodeValue, string>> = {
  1001: 'Settings saved!',
  1002: 'No values found!',
  1003: 'Data too large!',
  1004: 'Failed to parse data!',
  1005: 'Values are missing!',
  1006: 'Write failed!',
  1007: 'Internal server error!',
  2001: 'Serial cannot be zero!',
  2002: 'Poll interval must be greater zero!',
  2003: 'Invalid power level setting!',
  2004: 'Invalid CMT frequency setting!',
  2005: 'Invalid country setting!',
  3001: 'Not deleted anything!',
  3002: 'Configuration resettet. Rebooting now...',
  3003: 'File deleted',
  4001: 'Serial must be a number > 0!',
  4002: 'Name must between 1 and 31 characters long!',
  4003: 'Only 10 inverters are supported!',
  4004: 'Inverter created!',
  4005: 'Invalid ID specified!',
  4006: 'Invalid amount of max channel setting given!',
  4007: 'Inverter changed!',
  4008: 'Inverter deleted!',
  4009: 'Inverter order saved!',
  4010: 'Stats resetted',
  5001: 'Serial must be a number > 0!',
  5002: 'Limit must between 1 and 2250!',
  5003: 'Invalid type specified!',
  5004: 'Invalid inverter specified!',
  6001: 'Reboot triggered!',
  6002: 'Reboot cancled!',
  7001: 'MqTT Server must between 1 and 128 characters long!',
  7002: 'Username must not be longer than 64 characters!',
  7003: 'Password must not be longer than 64 characters!',
  7004: 'Topic must not be longer than 32 characters!',
  7005: 'Topic must not contain space characters!',
  7006: 'Topic must end with a slash (/)!',
  7007: 'Port must be a number between 1 and 65535!',
  7008: 'Certificates must not be longer than 2560 characters!',
  7009: 'LWT topic must not be longer than 32 characters!',
  7010: 'LWT topic must not contain space characters!',
  7011: 'LWT online value must not be longer than 20 characters!',
  7012: 'LWT offline value must not be longer than 20 characters!',
  7013: 'Publish interval must be a number between 5 and 65535!',
  7014: 'Hass topic must not be longer than 32 characters!',
  7015: 'Hass topic must not contain space characters!',
  7016: 'LWT QoS must not be greater than 2!',
  7017: 'Client ID must not be longer than 64 characters!',
  7018: 'Hass topic must end with a slash (/)!',
  8001: 'IP address is invalid!',
  8002: 'Netmask is invalid!',
  8003: 'Gateway is invalid!',
  8004: 'DNS Server IP 1 is invalid!',
  8005: 'DNS Server IP 2 is invalid!',
  8006: 'AP Timeout out of range!',
  8007: 'Syslog server must between 1 and 128 characters long!',
  8008: 'Syslog port must be a number between 1 and 65535!',
  9001: 'NTP Server must between 1 and 31 characters long!',
  9002: 'Timezone must between 1 and 50 characters long!',
  9003: 'Timezone description must between 1 and 50 characters long!',
  9004: 'Year must be a number between 2022 and 2100!',
  9005: 'Month must be a number between 1 and 12!',
  9006: 'Day must be a number between 1 and 31!',
  9007: 'Hour must be a number between 0 and 23!',
  9008: 'Minute must be a number between 0 and 59!',
  9009: 'Second must be a number between 0 and 59!',
  9010: 'Time updated!',
  10001: 'Password must between 8 and 64 characters long!',
  10002: 'Authentication successful!',
  11001: 'Serial must be a number > 0!',
  11002: 'Invalid inverter specified!',
  12001: 'Pin mapping must between 1 and 63 characters long!',
  20001: 'Device answers as an OpenDTU!',
  20002: 'Device added!',
  20003: 'Device changed!',
  20004: 'Device removed!',
  20005: 'Device order saved!',
  20006: 'Device cannot be used!',
  20007: 'Device name must have a letter or digit and at most 32 bytes!',
  20008: 'Device name is taken!',
  20009:
    'Device address must be an http://, https://, mqtt:// or mqtts:// address without a password!',
  20010: 'No such device!',
  20011: 'Device is set by DTU_URL: change it there!',
  20012: 'Device order must name every device once!',
  20013: 'No such API path!',
  20014: 'Away time must be 10 to 3600 seconds, for a device on an MQTT broker only!',
};

const SUCCESS_CODES: ReadonlySet<number> = new Set([
  1001, 3002, 3003, 4004, 4007, 4008, 4009, 4010, 6001, 9010, 10002, 20001, 20002, 20003, 20004,
  20005,
]);

/** The envelope type the device sends with a code: success, danger for 1007, else warning. */
export function responseTypeOf(code: number): 'success' | 'warning' | 'danger' {
  if (SUCCESS_CODES.has(code)) return 'success';
  if (code === ApiCode.GenericInternalServerError) return 'danger';
  return 'warning';
}
