import { useCallback } from 'react';
import {
  displayHwVersion,
  formatBootloaderVersion,
  formatFirmwareVersion,
} from '@heliodtu/contract/domain/firmware-version';
import { productionDateOf } from '@heliodtu/contract/domain/production-date';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { liveApi } from '../live-api';
import { useRequest } from '../use-request';
import { DialogBodyState } from './dialog-body-state';
import type { InverterDialogProps } from './inverter-dialog-props';

/** Device info with version formatting and the production date from the serial (spec §3). */
export function DevInfoDialog({ open, serial, dtu = null, onClose }: InverterDialogProps) {
  const t = useT();
  const format = useFormat();
  const load = useCallback(() => liveApi.devInfo(serial, dtu), [serial, dtu]);
  const { data, error, loading } = useRequest(load, open);
  const info = data && 'valid_data' in data && data.valid_data ? data : undefined;
  const production = productionDateOf(serial);

  const rows: [string, string][] = info
    ? [
        [t('devinfo.Model'), info.hw_model_name || '–'],
        [t('devinfo.Serial'), serial],
        [t('devinfo.ProdYear'), production ? String(production.year) : '–'],
        [t('devinfo.ProdWeek'), production ? production.week : '–'],
        [
          t('devinfo.DetectedMaxPower'),
          info.max_power > 0 ? `${format.decimalNoDigits(info.max_power)} W` : '–',
        ],
        [t('devinfo.BootloaderVersion'), formatBootloaderVersion(info.fw_bootloader_version)],
        [t('devinfo.FirmwareVersion'), formatFirmwareVersion(info.fw_build_version)],
        [t('devinfo.FirmwareBuildDate'), info.fw_build_datetime],
        [t('devinfo.HardwarePartNumber'), String(info.hw_part_number)],
        [t('devinfo.HardwareVersion'), displayHwVersion(info.hw_version)],
      ]
    : [];

  return (
    <ModalDialog open={open} onClose={onClose} title={t('livedialogs.InverterInfo')}>
      <DialogBodyState loading={loading} error={error} ready={data !== undefined}>
        {info ? (
          <>
            {info.hw_model_name === '' && (
              <div className="alert alert-warning" role="alert">
                {t('devinfo.UnknownModel')}
              </div>
            )}
            <table className="table table-sm table-striped mb-0">
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row" className="fw-normal">
                      {label}
                    </th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <div className="alert alert-info mb-0" role="alert">
            <h3 className="alert-heading fs-6">{t('devinfo.NoInfo')}</h3>
            {t('devinfo.NoInfoLong')}
          </div>
        )}
      </DialogBodyState>
    </ModalDialog>
  );
}
