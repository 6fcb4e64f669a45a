import type { LiveInverterFull } from '@heliodtu/contract/live-data';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { formatValue } from '../format-value';
import { WeakMark } from './weak-mark';

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/** The strings of one tile: name, DC power, irradiation (power over Wp) and the weak mark. */
export function StringRows({ serial, dc }: { serial: string; dc: LiveInverterFull['DC'] }) {
  const t = useT();
  const format = useFormat();
  return (
    <table className="table table-sm table-borderless small mb-0 mt-1 overview-strings">
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('liveoverview.StringName')}</th>
          <th scope="col">{t('liveoverview.StringPower')}</th>
          <th scope="col">{t('liveoverview.StringIrradiation')}</th>
        </tr>
      </thead>
      <tbody>
        {Object.keys(dc)
          .sort(byNumber)
          .map((channel) => {
            const values = dc[channel];
            if (!values) return null;
            const name =
              values.name.u || t('inverterchannelinfo.String', { num: Number(channel) + 1 });
            return (
              <tr key={channel} data-testid={`string-${serial}-${channel}`}>
                <th scope="row" className="fw-normal">
                  <div className="d-flex align-items-center">
                    <span className="text-truncate">{name}</span>
                    <WeakMark serial={serial} channel={channel} name={name} />
                  </div>
                </th>
                <td className="text-end text-nowrap">{formatValue(format, values.Power)} W</td>
                <td className="text-end text-nowrap">
                  {values.Irradiation
                    ? `${formatValue(format, { v: values.Irradiation.v, d: 0 })} %`
                    : '–'}
                </td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}
