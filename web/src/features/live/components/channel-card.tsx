import { useId, type ReactNode } from 'react';
import type { ValueObject } from '@heliodtu/contract/value';
import { useFormat } from '@/lib/format';
import { useT, useTranslateAny } from '@/lib/i18n/use-t';
import { formatValue } from '../format-value';

export type ChannelKind = 'INV' | 'AC' | 'DC';

/** Card header colours per channel kind (literal classes for PurgeCSS). */
const HEADER_CLASS: Record<ChannelKind, string> = {
  INV: 'text-bg-secondary',
  AC: 'text-bg-info',
  DC: 'bg-body-tertiary',
};

type Measurement = ValueObject & { max?: number };

interface ChannelCardProps {
  kind: ChannelKind;
  /** Channel number as keyed on the wire ("0", "1", …). */
  channel: string;
  /** The channel's object: measurements in emitted order, DC also `name: {u}`. */
  values: Readonly<Record<string, unknown>>;
  /** Shown after the title (a string's alert mark). */
  mark?: ReactNode;
}

const isMeasurement = (value: unknown): value is Measurement =>
  typeof value === 'object' && value !== null && 'v' in value && 'd' in value;

/** One channel: General, Phase n or String n with its configured name (spec §3). */
export function ChannelCard({ kind, channel, values, mark }: ChannelCardProps) {
  const t = useT();
  const tAny = useTranslateAny();
  const format = useFormat();
  const titleId = useId();
  const num = Number(channel) + 1;
  const name = kind === 'DC' ? (values['name'] as { u?: unknown } | undefined)?.u : undefined;
  const title =
    kind === 'INV'
      ? t('inverterchannelinfo.General')
      : kind === 'AC'
        ? t('inverterchannelinfo.Phase', { num })
        : t('inverterchannelinfo.String', { num });
  const rows = Object.entries(values).filter((entry): entry is [string, Measurement] =>
    isMeasurement(entry[1]),
  );

  return (
    <section
      className="card h-100"
      aria-labelledby={titleId}
      data-testid={`channel-${kind}-${channel}`}
    >
      <h3 className={`card-header fs-6 mb-0 ${HEADER_CLASS[kind]}`} id={titleId}>
        {typeof name === 'string' && name !== '' ? (
          <>
            {name} <small className="fw-normal">({title})</small>
          </>
        ) : (
          title
        )}
        {mark}
      </h3>
      <div className="card-body p-0">
        <table className="table table-sm table-striped mb-0" aria-labelledby={titleId}>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('inverterchannelinfo.Property')}</th>
              <th scope="col">{t('inverterchannelinfo.Value')}</th>
              <th scope="col">{t('inverterchannelinfo.Unit')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, value]) => (
              <tr key={key}>
                <th scope="row" className="fw-normal ps-3">
                  {tAny(`inverterchannelproperty.${key}`)}
                  {key === 'Irradiation' && value.max !== undefined && (
                    <small className="text-body-secondary ms-1">({value.max} Wp)</small>
                  )}
                </th>
                <td className="text-end font-monospace">{formatValue(format, value)}</td>
                <td className="pe-3">{value.u}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
