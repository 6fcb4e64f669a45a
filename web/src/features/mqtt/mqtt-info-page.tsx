import type { MqttStatus } from '@heliodtu/contract/mqtt';
import { StatusPage } from '@/components/layout/status-page';
import { InfoCard, InfoRow, InfoTable, InfoText, StateBadge } from '@/components/ui/info-table';
import { useT } from '@/lib/i18n/use-t';
import { useMqttStatus } from './api/mqtt-status';

function Value({ value }: { value: string }) {
  const t = useT();
  return <InfoText value={value} emptyText={t('mqttinfo.NotSet')} />;
}

function OnOff({ on }: { on: boolean }) {
  const t = useT();
  return <StateBadge ok={on}>{t(on ? 'mqttinfo.Enabled' : 'mqttinfo.Disabled')}</StateBadge>;
}

/** The gateway's subject / issuer / validity summary of a certificate; the key is never sent. */
function CertificateInfo({ info }: { info: string }) {
  const t = useT();
  if (info.trim() === '') {
    return <span className="text-body-secondary fst-italic">{t('mqttinfo.NoCertificate')}</span>;
  }
  return <pre className="small mb-0 text-wrap">{info.trimEnd()}</pre>;
}

function ConfigCard({ status }: { status: MqttStatus }) {
  const t = useT();
  return (
    <InfoCard title={t('mqttinfo.ConfigurationSummary')}>
      <InfoTable>
        <InfoRow label={t('mqttinfo.Status')}>
          <OnOff on={status.mqtt_enabled} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.Server')}>
          <Value value={status.mqtt_hostname} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.Port')}>{status.mqtt_port}</InfoRow>
        <InfoRow label={t('mqttinfo.ClientId')}>
          <Value value={status.mqtt_clientid} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.Username')}>
          <Value value={status.mqtt_username} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.BaseTopic')}>
          <Value value={status.mqtt_topic} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.LwtTopic')}>
          <Value value={status.mqtt_lwt_topic} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.PublishInterval')}>
          {t(
            'mqttinfo.Seconds',
            { sec: status.mqtt_publish_interval },
            status.mqtt_publish_interval,
          )}
        </InfoRow>
        <InfoRow label={t('mqttinfo.CleanSession')}>
          <OnOff on={status.mqtt_clean_session} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.Retain')}>
          <OnOff on={status.mqtt_retain} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.Tls')}>
          <OnOff on={status.mqtt_tls} />
        </InfoRow>
        {status.mqtt_tls && (
          <InfoRow label={t('mqttinfo.RootCertifcateInfo')}>
            <CertificateInfo info={status.mqtt_root_ca_cert_info} />
          </InfoRow>
        )}
        <InfoRow label={t('mqttinfo.TlsCertLogin')}>
          <OnOff on={status.mqtt_tls_cert_login} />
        </InfoRow>
        {status.mqtt_tls_cert_login && (
          <InfoRow label={t('mqttinfo.ClientCertifcateInfo')}>
            <CertificateInfo info={status.mqtt_client_cert_info} />
          </InfoRow>
        )}
      </InfoTable>
    </InfoCard>
  );
}

function HassCard({ status }: { status: MqttStatus }) {
  const t = useT();
  return (
    <InfoCard title={t('mqttinfo.HassSummary')}>
      <InfoTable>
        <InfoRow label={t('mqttinfo.Status')}>
          <OnOff on={status.mqtt_hass_enabled} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.HassTopic')}>
          <Value value={status.mqtt_hass_topic} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.Retain')}>
          <OnOff on={status.mqtt_hass_retain} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.Expire')}>
          <OnOff on={status.mqtt_hass_expire} />
        </InfoRow>
        <InfoRow label={t('mqttinfo.IndividualPanels')}>
          <OnOff on={status.mqtt_hass_individualpanels} />
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}

function RuntimeCard({ status }: { status: MqttStatus }) {
  const t = useT();
  return (
    <InfoCard title={t('mqttinfo.RuntimeSummary')}>
      <InfoTable>
        <InfoRow label={t('mqttinfo.ConnectionStatus')}>
          <StateBadge ok={status.mqtt_connected}>
            {t(status.mqtt_connected ? 'mqttinfo.Connected' : 'mqttinfo.Disconnected')}
          </StateBadge>
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}

/** MQTT info, spec §2: read-only configuration, Home Assistant and runtime tables. */
export function MqttInfoPage() {
  const t = useT();
  const query = useMqttStatus();
  return (
    <StatusPage title={t('mqttinfo.MqttInformation')} query={query}>
      {(status) => (
        <div className="row gx-3">
          <div className="col-lg-6">
            <ConfigCard status={status} />
          </div>
          <div className="col-lg-6">
            <RuntimeCard status={status} />
            <HassCard status={status} />
          </div>
        </div>
      )}
    </StatusPage>
  );
}
