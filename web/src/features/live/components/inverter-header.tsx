import type { LiveInverterPartial } from '@heliodtu/contract/live-data';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { HEADER_CLASS, inverterStateOf } from '../inverter-state';
import { liveKeyOf } from '@/lib/live-key';
import { DataAge } from './data-age';
import { LimitRequestStatus } from './limit-request-status';
import { ToolButtons, type DialogKind } from './tool-buttons';

interface InverterHeaderProps {
  inverter: LiveInverterPartial & { events?: number };
  onOpen(kind: DialogKind): void;
}

/** Name, serial, current limit, data age and the tools, coloured by state (spec §2, §4). */
export function InverterHeader({ inverter, onOpen }: InverterHeaderProps) {
  const t = useT();
  const format = useFormat();
  const state = inverterStateOf(inverter);
  const limit =
    (inverter.limit_absolute > -1
      ? `${format.decimalNoDigits(inverter.limit_absolute)} W | `
      : '') + `${format.decimalOneDigit(inverter.limit_relative)} %`;

  return (
    <div
      className={`card-header d-flex flex-wrap align-items-center gap-2 ${HEADER_CLASS[state]}`}
      data-state={state}
      data-testid="inverter-header"
    >
      <div className="d-flex flex-wrap column-gap-4 row-gap-1 flex-grow-1">
        <h2 className="fs-6 fw-bold mb-0">{inverter.name}</h2>
        <span>
          {t('home.SerialNumber')}
          <span className="font-monospace">{inverter.serial}</span>
        </span>
        <span data-testid="current-limit">
          {t('home.CurrentLimit')}
          {limit}
        </span>
        <LimitRequestStatus inverter={inverter} />
        <span>
          {t('home.DataAge')}
          <DataAge
            liveKey={liveKeyOf(inverter)}
            dataAge={inverter.data_age}
            dataAgeMs={inverter.data_age_ms}
          />
        </span>
      </div>
      <ToolButtons name={inverter.name} events={inverter.events} onOpen={onOpen} />
    </div>
  );
}
