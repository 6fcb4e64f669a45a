import { useState } from 'react';
import type { RadioStats as RadioStatsData } from '@heliodtu/contract/live-data';
import {
  hasReception,
  NRF_RSSI_STRONG,
  NRF_RSSI_WEAK,
  signalQualityPercent,
} from '@heliodtu/contract/domain/rssi';
import { Accordion } from '@/components/ui/accordion';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { useAuthStore } from '@/lib/auth-store';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { liveApi } from '../live-api';

const COUNTERS = [
  ['tx_request', 'home.TxRequest'],
  ['rx_success', 'home.RxSuccess'],
  ['rx_fail_nothing', 'home.RxFailNothing'],
  ['rx_fail_partial', 'home.RxFailPartial'],
  ['rx_fail_corrupt', 'home.RxFailCorrupt'],
  ['tx_re_request', 'home.TxReRequest'],
] as const;

interface RadioStatsProps {
  serial: string;
  /** The device the inverter is on behind a companion with several (issue 27); null for none. */
  dtu?: string | null;
  /** The inverter's live key (liveKeyOf), unique across devices; the serial by default. */
  liveKey?: string;
  stats: RadioStatsData;
}

/** The radio statistics accordion with its reset (admin only) and the RSSI (spec §2, §9). */
export function RadioStats({ serial, dtu = null, liveKey = serial, stats }: RadioStatsProps) {
  const t = useT();
  const format = useFormat();
  const loggedIn = useAuthStore((state) => state.isLoggedIn);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShownResult | null>(null);

  const reset = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await liveApi.statsReset(serial, dtu);
      // Success shows in the counters; only a refusal needs words.
      if (answer && 'type' in answer && answer.type !== 'success') setResult(answer);
    } catch (error) {
      setResult({ type: 'danger', message: error instanceof Error ? error.message : '' });
    } finally {
      setBusy(false);
    }
  };

  const share = (count: number) =>
    stats.tx_request > 0 ? format.percent(count / stats.tx_request) : '';
  const received = hasReception(stats.rssi);

  const content = (
    <>
      <ResultAlert result={result} onDismiss={() => setResult(null)} />
      <table className="table table-sm mb-2">
        <tbody>
          {COUNTERS.map(([key, label]) => (
            <tr key={key}>
              <th scope="row" className="fw-normal">
                {t(label)}
              </th>
              <td className="text-end font-monospace">{format.decimalNoDigits(stats[key])}</td>
              <td className="text-end text-body-secondary">
                {key === 'tx_request' ? '' : share(stats[key])}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="fw-normal">
              {t('home.Rssi')}
            </th>
            <td className="text-end font-monospace" data-testid="rssi">
              {received ? `${format.decimalNoDigits(stats.rssi)} dBm` : t('home.NoReception')}
            </td>
            <td className="text-end text-body-secondary">
              {received && (
                <span title={t('home.SignalQuality')}>
                  {t('home.SignalQuality')} {format.percent(signalQualityPercent(stats.rssi) / 100)}
                </span>
              )}
            </td>
          </tr>
        </tbody>
      </table>
      {(stats.rssi === NRF_RSSI_STRONG || stats.rssi === NRF_RSSI_WEAK) && (
        <p className="small text-body-secondary">{t('home.RssiHint')}</p>
      )}
      <button
        type="button"
        className="btn btn-danger btn-sm"
        disabled={!loggedIn || busy}
        onClick={() => void reset()}
      >
        {t(busy ? 'home.StatsResetting' : 'home.StatsReset')}
      </button>
    </>
  );

  return (
    <Accordion
      headingLevel={3}
      sections={[{ id: `radio-${liveKey}`, title: t('home.RadioStats'), content }]}
    />
  );
}
