import type { CompanionDevice } from '@heliodtu/contract/companion';
import { Link } from 'wouter';
import type { MessageKey } from '@/lib/i18n/catalog';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import { Page } from './page';

/** Each one-device screen's own title, so the notice keeps the screen the owner chose. */
const SCREEN_TITLES: Record<string, MessageKey> = {
  [PATHS.wait]: 'maintenancereboot.DeviceReboot',
  [PATHS.systemInfo]: 'systeminfo.SystemInfo',
  [PATHS.networkInfo]: 'networkinfo.NetworkInformation',
  [PATHS.ntpInfo]: 'ntpinfo.NtpInformation',
  [PATHS.mqttInfo]: 'mqttinfo.MqttInformation',
  [PATHS.console]: 'console.Console',
  [PATHS.networkSettings]: 'networkadmin.NetworkSettings',
  [PATHS.ntpSettings]: 'ntpadmin.NtpSettings',
  [PATHS.mqttSettings]: 'mqttadmin.MqttSettings',
  [PATHS.inverterSettings]: 'inverteradmin.InverterSettings',
  [PATHS.dtuSettings]: 'dtuadmin.DtuSettings',
  [PATHS.deviceManager]: 'deviceadmin.DeviceManager',
  [PATHS.configManagement]: 'configadmin.ConfigManagement',
  [PATHS.securitySettings]: 'securityadmin.SecuritySettings',
  [PATHS.loggingSettings]: 'loggingadmin.LoggingSettings',
  [PATHS.firmwareUpgrade]: 'firmwareupgrade.FirmwareUpgrade',
  [PATHS.reboot]: 'maintenancereboot.DeviceReboot',
};

/**
 * In place of a settings, info or maintenance screen when its device is known to the companion
 * only by its MQTT topics (issue 37): such a device has no API the companion can reach, so the
 * screen says where its settings are changed (its own web interface, linked when it published
 * its IP) instead of sending requests that can only fail. The device picker stays above it.
 */
export function MqttDeviceNotice({
  device,
  screen,
}: {
  device: CompanionDevice;
  /** The in-app path of the screen (PATHS), for its title. */
  screen: string;
}) {
  const t = useT();
  const titleKey = SCREEN_TITLES[screen];
  return (
    <Page title={titleKey ? t(titleKey) : device.name}>
      <div className="alert alert-info" role="status" data-testid="mqtt-device-notice">
        <p className="mb-2">{t('mqttdevice.SettingsOnDevice', { name: device.name })}</p>
        {device.web_url ? (
          <a
            className="btn btn-primary btn-sm"
            href={device.web_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('mqttdevice.OpenDevice', { name: device.name })}
          </a>
        ) : (
          <p className="mb-0 small">{t('mqttdevice.NoAddress')}</p>
        )}
      </div>
      <p className="text-body-secondary small">
        {t('mqttdevice.WhatWorks')} <Link href={PATHS.live}>{t('menu.LiveView')}</Link>
      </p>
    </Page>
  );
}
