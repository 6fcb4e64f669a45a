import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/use-t';
import { selectInverter, useLiveStore } from '../live-store';
import { hasChannels } from '../merge-live-update';
import { ChannelCards } from './channel-cards';
import { InverterDialogs } from './inverter-dialogs';
import { InverterHeader } from './inverter-header';
import { RadioStats } from './radio-stats';
import type { DialogKind } from './tool-buttons';

/**
 * One inverter: header with tools, channel cards (or the waiting note until the first full
 * object arrives, spec §2), radio statistics, and its dialogs. Re-renders only when this
 * inverter's data changes.
 */
export function InverterPanel({ liveKey }: { liveKey: string }) {
  const t = useT();
  const inverter = useLiveStore(selectInverter(liveKey));
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  if (!inverter) return null;
  const dtu = inverter.dtu ?? null;

  return (
    <div className="card" data-testid={`inverter-${liveKey}`}>
      <InverterHeader inverter={inverter} onOpen={setDialog} />
      <div className="card-body">
        {hasChannels(inverter) ? (
          <ChannelCards inverter={inverter} serial={inverter.serial} />
        ) : (
          <div
            className="d-flex align-items-center gap-2 text-body-secondary"
            data-testid="waiting"
          >
            <Spinner label={t('base.Loading')} small />
            {t('home.LoadingInverter')}
          </div>
        )}
        <div className="mt-3">
          <RadioStats
            serial={inverter.serial}
            dtu={dtu}
            liveKey={liveKey}
            stats={inverter.radio_stats}
          />
        </div>
      </div>
      <InverterDialogs
        serial={inverter.serial}
        dtu={dtu}
        open={dialog}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
