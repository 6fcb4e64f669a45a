import type { NetworkStatus } from '@heliodtu/contract/network';
import { signalQualityPercent } from '@heliodtu/contract/domain/rssi';
import { StatusPage } from '@/components/layout/status-page';
import { InfoCard, InfoRow, InfoTable, InfoText, StateBadge } from '@/components/ui/info-table';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useNetworkStatus } from './api/network-status';

function Value({ value }: { value: string }) {
  const t = useT();
  return <InfoText value={value} emptyText={t('networkinfo.NotSet')} />;
}

function Enabled({ on }: { on: boolean }) {
  const t = useT();
  return (
    <StateBadge ok={on}>
      {t(on ? 'wifistationinfo.Enabled' : 'wifistationinfo.Disabled')}
    </StateBadge>
  );
}

function StationCard({ status }: { status: NetworkStatus }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <InfoCard title={t('wifistationinfo.WifiStationInfo')}>
      <InfoTable>
        <InfoRow label={t('wifistationinfo.Status')}>
          <Enabled on={status.sta_status} />
        </InfoRow>
        <InfoRow label={t('wifistationinfo.Ssid')}>
          <Value value={status.sta_ssid} />
        </InfoRow>
        <InfoRow label={t('wifistationinfo.Bssid')}>
          <Value value={status.sta_bssid} />
        </InfoRow>
        <InfoRow label={t('wifistationinfo.Quality')}>
          {fmt.percent(signalQualityPercent(status.sta_rssi) / 100)}
        </InfoRow>
        <InfoRow label={t('wifistationinfo.Rssi')}>{`${status.sta_rssi} dBm`}</InfoRow>
      </InfoTable>
    </InfoCard>
  );
}

function AccessPointCard({ status }: { status: NetworkStatus }) {
  const t = useT();
  return (
    <InfoCard title={t('wifiapinfo.WifiApInfo')}>
      <InfoTable>
        <InfoRow label={t('wifistationinfo.Status')}>
          <Enabled on={status.ap_status} />
        </InfoRow>
        <InfoRow label={t('wifistationinfo.Ssid')}>
          <Value value={status.ap_ssid} />
        </InfoRow>
        <InfoRow label={t('wifiapinfo.Stations')}>{status.ap_stationnum}</InfoRow>
      </InfoTable>
    </InfoCard>
  );
}

function InterfaceCard({ status }: { status: NetworkStatus }) {
  const t = useT();
  return (
    <InfoCard title={t('interfacenetworkinfo.NetworkInterface', { iface: status.network_mode })}>
      <InfoTable>
        <InfoRow label={t('firmwareinfo.Hostname')}>
          <Value value={status.network_hostname} />
        </InfoRow>
        <InfoRow label={t('interfacenetworkinfo.IpAddress')}>
          <Value value={status.network_ip} />
        </InfoRow>
        <InfoRow label={t('interfacenetworkinfo.Netmask')}>
          <Value value={status.network_netmask} />
        </InfoRow>
        <InfoRow label={t('interfacenetworkinfo.DefaultGateway')}>
          <Value value={status.network_gateway} />
        </InfoRow>
        <InfoRow label={t('interfacenetworkinfo.Dns', { num: 1 })}>
          <Value value={status.network_dns1} />
        </InfoRow>
        <InfoRow label={t('interfacenetworkinfo.Dns', { num: 2 })}>
          <Value value={status.network_dns2} />
        </InfoRow>
        <InfoRow label={t('interfacenetworkinfo.MacAddress')}>
          <Value value={status.network_mac} />
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}

function AccessPointInterfaceCard({ status }: { status: NetworkStatus }) {
  const t = useT();
  return (
    <InfoCard title={t('interfaceapinfo.NetworkInterface')}>
      <InfoTable>
        <InfoRow label={t('interfacenetworkinfo.IpAddress')}>
          <Value value={status.ap_ip} />
        </InfoRow>
        <InfoRow label={t('interfacenetworkinfo.MacAddress')}>
          <Value value={status.ap_mac} />
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}

/** Network info, spec §2: station, access point, interface and AP interface cards. */
export function NetworkInfoPage() {
  const t = useT();
  const query = useNetworkStatus();
  return (
    <StatusPage title={t('networkinfo.NetworkInformation')} query={query}>
      {(status) => (
        <div className="row gx-3">
          <div className="col-lg-6">
            <StationCard status={status} />
            <AccessPointCard status={status} />
          </div>
          <div className="col-lg-6">
            <InterfaceCard status={status} />
            <AccessPointInterfaceCard status={status} />
          </div>
        </div>
      )}
    </StatusPage>
  );
}
