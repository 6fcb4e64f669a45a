import type { LiveInverterFull } from '@heliodtu/contract/live-data';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { formatValue } from '../format-value';
import { serialOfLiveKey } from '@/lib/live-key';
import { AlertMark } from '../components/alert-mark';
import { WeakMark } from './weak-mark';

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/**
 * The strings of one tile: name, DC power, irradiation (power over Wp) and the weak mark.
 * A table to assistive technology (ARIA roles), laid out as flex rows with fixed value columns:
 * the overview redraws every string once a second, and an HTML table lays out all its cells again
 * for each changed value (bench/live-view.mjs: the table cost the overview about 7 % of its
 * main-thread time per message).
 */
export function StringRows({
  liveKey,
  dc,
}: {
  /** The inverter's live key (liveKeyOf): its weak-string tracks are kept under it. */
  liveKey: string;
  dc: LiveInverterFull['DC'];
}) {
  const t = useT();
  const format = useFormat();
  return (
    <div role="table" className="small mt-1 overview-strings">
      <div role="rowgroup" className="visually-hidden">
        <div role="row">
          <span role="columnheader">{t('liveoverview.StringName')}</span>
          <span role="columnheader">{t('liveoverview.StringPower')}</span>
          <span role="columnheader">{t('liveoverview.StringIrradiation')}</span>
        </div>
      </div>
      <div role="rowgroup">
        {Object.keys(dc)
          .sort(byNumber)
          .map((channel) => {
            const values = dc[channel];
            if (!values) return null;
            const name =
              values.name.u || t('inverterchannelinfo.String', { num: Number(channel) + 1 });
            return (
              <div
                role="row"
                className="overview-string"
                key={channel}
                data-testid={`string-${liveKey}-${channel}`}
              >
                <div role="rowheader" className="overview-string-name">
                  <span className="overview-string-label">{name}</span>
                  <WeakMark liveKey={liveKey} channel={channel} name={name} />
                  <AlertMark serial={serialOfLiveKey(liveKey)} channel={channel} />
                </div>
                <div role="cell" className="overview-string-power">
                  {`${formatValue(format, values.Power)} W`}
                </div>
                <div role="cell" className="overview-string-share">
                  {values.Irradiation
                    ? `${formatValue(format, { v: values.Irradiation.v, d: 0 })} %`
                    : '–'}
                </div>
              </div>
            );
          })}
      </div>
    </div>
  );
}
