import { useCallback, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { useT } from '@/lib/i18n/use-t';
import { StatusBadge } from '../components/status-badge';
import { liveApi } from '../live-api';
import { useRequest } from '../use-request';
import { runCommand } from './command-result';
import { DialogBodyState } from './dialog-body-state';
import type { InverterDialogProps } from './inverter-dialog-props';
import { STATUS_REFRESH_MS } from './limit-dialog';

type PowerAction = 'on' | 'off' | 'restart';

// Literal classes for PurgeCSS.
const ACTIONS: readonly {
  action: PowerAction;
  label: 'livedialogs.TurnOn' | 'livedialogs.TurnOff' | 'livedialogs.Restart';
  className: string;
}[] = [
  { action: 'on', label: 'livedialogs.TurnOn', className: 'btn btn-success' },
  { action: 'off', label: 'livedialogs.TurnOff', className: 'btn btn-danger' },
  { action: 'restart', label: 'livedialogs.Restart', className: 'btn btn-warning' },
];

/** Power settings (spec §2): on, off, restart, and the last command's status. */
export function PowerDialog({ open, serial, dtu = null, onClose }: InverterDialogProps) {
  const t = useT();
  const { data, error, loading } = useRequest(
    () => liveApi.powerStatus(dtu),
    open,
    STATUS_REFRESH_MS,
  );
  const [result, setResult] = useState<ShownResult | null>(null);
  const [busy, setBusy] = useState<PowerAction | null>(null);
  const dismiss = useCallback(() => setResult(null), []);

  const send = async (action: PowerAction) => {
    setBusy(action);
    setResult(null);
    await runCommand(() => liveApi.setPower(serial, action, dtu), onClose, setResult);
    setBusy(null);
  };

  return (
    <ModalDialog open={open} onClose={onClose} title={t('livedialogs.PowerSettings')}>
      <DialogBodyState loading={loading} error={error} ready={data !== undefined}>
        <ResultAlert result={result} onDismiss={dismiss} autoDismissMs={0} />
        <p className="d-flex align-items-center gap-2">
          {t('livedialogs.LastPowerSetStatus')}{' '}
          <StatusBadge status={data?.[serial]?.power_set_status} />
        </p>
        <div className="d-flex flex-wrap gap-2">
          {ACTIONS.map(({ action, label, className }) => (
            <button
              key={action}
              type="button"
              className={className}
              disabled={busy !== null}
              onClick={() => void send(action)}
            >
              {t(label)}
            </button>
          ))}
        </div>
      </DialogBodyState>
    </ModalDialog>
  );
}
