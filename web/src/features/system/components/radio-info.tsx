import type { SystemStatus } from '@heliodtu/contract/system';
import { InfoCard, InfoRow, InfoTable } from '@/components/ui/info-table';
import { useT } from '@/lib/i18n/use-t';
import { chipState, nrfVariant, type ChipState } from '../radio-state';

function ConfiguredBadge({ configured }: { configured: boolean }) {
  const t = useT();
  return (
    <span className={`badge ${configured ? 'text-bg-success' : 'text-bg-secondary'}`}>
      {t(configured ? 'radioinfo.Configured' : 'radioinfo.NotConfigured')}
    </span>
  );
}

function ChipBadge({ state }: { state: ChipState }) {
  const t = useT();
  if (state === 'not-configured') return <span className="text-body-secondary">–</span>;
  const connected = state === 'connected';
  return (
    <span className={`badge ${connected ? 'text-bg-success' : 'text-bg-danger'}`}>
      {t(connected ? 'radioinfo.Connected' : 'radioinfo.NotConnected')}
    </span>
  );
}

const VARIANT_TEXT = { plus: 'nRF24L01+', plain: 'nRF24L01' } as const;

/** Radio card, spec §4: configured or not; connected only if configured; nRF variant when it answers. */
export function RadioInfo({ status }: { status: SystemStatus }) {
  const t = useT();
  const variant = nrfVariant(status);
  return (
    <InfoCard title={t('radioinfo.RadioInformation')}>
      <InfoTable>
        <InfoRow label={t('radioinfo.Status', { module: 'nRF24' })}>
          <ConfiguredBadge configured={status.nrf_configured} />
        </InfoRow>
        <InfoRow label={t('radioinfo.ChipStatus', { module: 'nRF24' })}>
          <ChipBadge state={chipState(status.nrf_configured, status.nrf_connected)} />
        </InfoRow>
        <InfoRow label={t('radioinfo.ChipType', { module: 'nRF24' })}>
          {variant === 'unknown' ? (
            <span className="badge text-bg-secondary">{t('radioinfo.Unknown')}</span>
          ) : (
            <span className={`badge ${variant === 'plus' ? 'text-bg-success' : 'text-bg-danger'}`}>
              {VARIANT_TEXT[variant]}
            </span>
          )}
        </InfoRow>
        <InfoRow label={t('radioinfo.Status', { module: 'CMT2300A' })}>
          <ConfiguredBadge configured={status.cmt_configured} />
        </InfoRow>
        <InfoRow label={t('radioinfo.ChipStatus', { module: 'CMT2300A' })}>
          <ChipBadge state={chipState(status.cmt_configured, status.cmt_connected)} />
        </InfoRow>
      </InfoTable>
    </InfoCard>
  );
}
