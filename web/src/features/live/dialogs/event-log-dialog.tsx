import { useCallback } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { formatTimeOfDay } from '../format-value';
import { liveApi } from '../live-api';
import { useRequest } from '../use-request';
import { DialogBodyState } from './dialog-body-state';
import type { InverterDialogProps } from './inverter-dialog-props';

/** The inverter's event log in the interface language; times of day as HH:MM:SS (wire-contract §4.5). */
export function EventLogDialog({ open, serial, dtu = null, onClose }: InverterDialogProps) {
  const t = useT();
  const locale = useLocale();
  const load = useCallback(() => liveApi.eventLog(serial, locale, dtu), [serial, locale, dtu]);
  const { data, error, loading } = useRequest(load, open);
  const events = data && 'events' in data ? data.events : undefined;

  return (
    <ModalDialog open={open} onClose={onClose} title={t('livedialogs.EventLog')} size="lg">
      <DialogBodyState loading={loading} error={error} ready={data !== undefined}>
        {events && events.length > 0 ? (
          <div className="table-responsive">
            <table className="table table-sm table-striped mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('eventlog.Start')}</th>
                  <th scope="col">{t('eventlog.Stop')}</th>
                  <th scope="col">{t('eventlog.Id')}</th>
                  <th scope="col">{t('eventlog.Message')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event, index) => (
                  <tr key={`${event.start_time}-${event.message_id}-${index}`}>
                    <td className="font-monospace">{formatTimeOfDay(event.start_time)}</td>
                    <td className="font-monospace">
                      {event.end_time === 0
                        ? t('eventlog.Ongoing')
                        : formatTimeOfDay(event.end_time)}
                    </td>
                    <td>{event.message_id}</td>
                    <td>{event.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mb-0">{t('eventlog.NoEvents')}</p>
        )}
      </DialogBodyState>
    </ModalDialog>
  );
}
