import type { NetworkConfig } from '@heliodtu/contract/network';
import {
  AP_TIMEOUT,
  HOSTNAME_MAX,
  SYSLOG_HOSTNAME_MAX,
  SYSLOG_PORT,
  WIFI_PASSWORD_MAX,
  WIFI_SSID_MAX,
} from '@heliodtu/contract/limits';
import { ConfigFormPage } from '@/components/form/config-form-page';
import { IpField, NumberField, SwitchField, TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { PasswordField } from '@/components/form/password-field';
import { useT } from '@/lib/i18n/use-t';
import { hasSyslog, toNetworkRequest, validateNetwork } from './network-form';

/**
 * Wi-Fi, hostname, DHCP or a static address, mDNS and the admin access point (spec §2 Network
 * settings). The static IP section is hidden while DHCP is on (spec §4). Syslog shows only where
 * the device sent its fields (current firmware, wire-current §3).
 */
export function NetworkSettingsPage() {
  const t = useT();
  return (
    <ConfigFormPage<NetworkConfig>
      title={t('networkadmin.NetworkSettings')}
      area="network"
      toRequest={toNetworkRequest}
      validate={validateNetwork}
    >
      {({ values }) => (
        <>
          <FormSection title={t('networkadmin.WifiConfiguration')}>
            <TextField
              name="ssid"
              label={t('networkadmin.WifiSsid')}
              help={t('networkadmin.WifiSsidHint')}
              maxLength={WIFI_SSID_MAX}
            />
            <PasswordField
              name="password"
              label={t('networkadmin.WifiPassword')}
              maxLength={WIFI_PASSWORD_MAX}
              autoComplete="off"
            />
            <TextField
              name="hostname"
              label={t('networkadmin.Hostname')}
              help={t('networkadmin.HostnameHint', { pattern: '%06X' })}
              maxLength={HOSTNAME_MAX}
            />
            <SwitchField
              name="dhcp"
              label={t('networkadmin.EnableDhcp')}
              help={t('networkadmin.EnableDhcpHint')}
            />
          </FormSection>
          {!values.dhcp && <StaticIpSection />}
          <FormSection title={t('networkadmin.MdnsSettings')}>
            <SwitchField
              name="mdnsenabled"
              label={t('networkadmin.EnableMdns')}
              help={t('networkadmin.EnableMdnsHint')}
            />
          </FormSection>
          <FormSection title={t('networkadmin.AdminAp')}>
            <NumberField
              name="aptimeout"
              label={t('networkadmin.ApTimeout')}
              help={t('networkadmin.ApTimeoutHint')}
              min={AP_TIMEOUT.min}
              max={AP_TIMEOUT.max}
              step={1}
              postfix={t('networkadmin.Minutes')}
            />
          </FormSection>
          {hasSyslog(values) && <SyslogSection />}
        </>
      )}
    </ConfigFormPage>
  );
}

function StaticIpSection() {
  const t = useT();
  return (
    <FormSection title={t('networkadmin.StaticIpConfiguration')}>
      <IpField name="ipaddress" label={t('networkadmin.IpAddress')} />
      <IpField name="netmask" label={t('networkadmin.Netmask')} />
      <IpField name="gateway" label={t('networkadmin.DefaultGateway')} />
      <IpField name="dns1" label={t('networkadmin.Dns', { num: 1 })} />
      <IpField name="dns2" label={t('networkadmin.Dns', { num: 2 })} />
    </FormSection>
  );
}

/** Current firmware's syslog target; the server is required only while syslog is enabled. */
function SyslogSection() {
  const t = useT();
  return (
    <FormSection title={t('networkadmin.SyslogSettings')}>
      <SwitchField
        name="syslogenabled"
        label={t('networkadmin.EnableSyslog')}
        help={t('networkadmin.EnableSyslogHint')}
      />
      <TextField
        name="sysloghostname"
        label={t('networkadmin.SyslogHostname')}
        help={t('networkadmin.SyslogHostnameHint')}
        maxLength={SYSLOG_HOSTNAME_MAX}
      />
      <NumberField
        name="syslogport"
        label={t('networkadmin.SyslogPort')}
        min={SYSLOG_PORT.min}
        max={SYSLOG_PORT.max}
        step={1}
      />
    </FormSection>
  );
}
