import type { NtpConfig, NtpStatus } from '@heliodtu/contract/ntp';
import { Page } from '@/components/layout/page';
import { InfoCard, InfoRow, InfoTable, InfoText, StateBadge } from '@/components/ui/info-table';
import { useNow } from '@/hooks/use-now';
import { useFormat } from '@/lib/format';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { useNtpInfoConfig } from './api/ntp-info-config';
import { useNtpStatus } from './api/ntp-status';
import { parseDeviceTime } from '@heliodtu/contract/domain/device-time';
import { formatDeviceTime } from './device-time';

const SUNSET_KEYS = [
  'ntpinfo.SunsetOfficial',
  'ntpinfo.SunsetNautical',
  'ntpinfo.SunsetCivil',
  'ntpinfo.SunsetAstronomical',
] as const;

/** A device time in the language shown; `tickFrom` makes it run on from when the answer came. */
function DeviceTime({ text, tickFrom }: { text: string; tickFrom?: number }) {
  const locale = useLocale();
  const now = useNow();
  const wall = parseDeviceTime(text);
  if (wall === null) return <>{text}</>;
  const elapsed = tickFrom === undefined ? 0 : Math.max(0, Math.floor((now - tickFrom) / 1000));
  return <>{formatDeviceTime(wall + elapsed * 1000, locale)}</>;
}

function ConfigCard(props: {
  status: NtpStatus;
  config: NtpConfig | undefined;
  loggedIn: boolean;
}) {
  const { status, config, loggedIn } = props;
  const t = useT();
  const fmt = useFormat();
  const sunsetKey = config ? SUNSET_KEYS[config.sunsettype] : undefined;
  const notSet = t('mqttinfo.NotSet');
  return (
    <InfoCard title={t('ntpinfo.ConfigurationSummary')}>
      <InfoTable>
        <InfoRow label={t('ntpinfo.Server')}>
          <InfoText value={status.ntp_server} emptyText={notSet} />
        </InfoRow>
        <InfoRow label={t('ntpinfo.Timezone')}>
          <InfoText value={status.ntp_timezone} emptyText={notSet} />
        </InfoRow>
        <InfoRow label={t('ntpinfo.TimezoneDescription')}>
          <InfoText value={status.ntp_timezone_descr} emptyText={notSet} />
        </InfoRow>
        {config && (
          <>
            <InfoRow label={t('ntpinfo.Location')}>
              {t('ntpinfo.LocationValue', {
                latitude: fmt.decimal(config.latitude, 4),
                longitude: fmt.decimal(config.longitude, 4),
              })}
            </InfoRow>
            <InfoRow label={t('ntpinfo.SunsetType')}>
              {sunsetKey ? t(sunsetKey) : config.sunsettype}
            </InfoRow>
          </>
        )}
      </InfoTable>
      {!loggedIn && <p className="small text-body-secondary m-2">{t('ntpinfo.LoginForDetails')}</p>}
    </InfoCard>
  );
}

function TimeCard({ status, receivedAt }: { status: NtpStatus; receivedAt: number }) {
  const t = useT();
  const sun = status.sun_isSunsetAvailable;
  const notAvailable = t('ntpinfo.NotAvailable');
  return (
    <InfoCard title={t('ntpinfo.CurrentTime')}>
      <InfoTable>
        <InfoRow label={t('ntpinfo.Status')}>
          <StateBadge ok={status.ntp_status}>
            {t(status.ntp_status ? 'ntpinfo.Synced' : 'ntpinfo.NotSynced')}
          </StateBadge>
        </InfoRow>
        <InfoRow label={t('ntpinfo.LocalTime')}>
          <span data-testid="device-time">
            <DeviceTime text={status.ntp_localtime} tickFrom={receivedAt} />
          </span>
        </InfoRow>
        <InfoRow label={t('ntpinfo.Sunrise')}>
          {sun ? <DeviceTime text={status.sun_risetime} /> : notAvailable}
        </InfoRow>
        <InfoRow label={t('ntpinfo.Sunset')}>
          {sun ? <DeviceTime text={status.sun_settime} /> : notAvailable}
        </InfoRow>
        <InfoRow label={t('ntpinfo.Mode')}>
          <span className={`badge ${status.sun_isDayPeriod ? 'text-bg-warning' : 'text-bg-dark'}`}>
            {t(status.sun_isDayPeriod ? 'ntpinfo.Day' : 'ntpinfo.Night')}
          </span>
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}

/** NTP info, spec §2: configuration and the current state, the device time ticking. */
export function NtpInfoPage() {
  const t = useT();
  const query = useNtpStatus();
  const config = useNtpInfoConfig();
  const status = query.data;
  return (
    <Page
      title={t('ntpinfo.NtpInformation')}
      isLoading={query.isPending || (query.isFetching && query.isError)}
      error={query.error}
      onReload={() => Promise.all([query.refetch(), config.isEnabled ? config.refetch() : null])}
    >
      {status && (
        <div className="row gx-3">
          <div className="col-lg-6">
            <ConfigCard status={status} config={config.data} loggedIn={config.isEnabled} />
          </div>
          <div className="col-lg-6">
            <TimeCard status={status} receivedAt={query.dataUpdatedAt} />
          </div>
        </div>
      )}
    </Page>
  );
}
