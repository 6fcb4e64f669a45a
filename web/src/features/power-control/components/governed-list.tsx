import type { ExportControlStatus, GovernedStatus } from '@heliodtu/contract/export-control';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { wattsText } from '@/lib/power-text';
import { governedReason } from '../control-sentence';

function LimitNow({ inverter }: { inverter: GovernedStatus }) {
  const t = useT();
  const format = useFormat();
  const shown = inverter.readback_w ?? inverter.requested_w;
  if (shown === null) return <span>–</span>;
  // Pending: control asked for a limit the inverter has not read back yet.
  const pending = inverter.requested_w !== null && !inverter.confirmed;
  return (
    <span className="d-inline-flex flex-wrap align-items-baseline gap-2">
      <span className="fs-5">
        {wattsText(format, pending ? (inverter.requested_w ?? shown) : shown)}
      </span>
      {inverter.requested_w !== null && (
        <span
          className={`badge ${pending ? 'text-bg-warning' : 'text-bg-success'}`}
          data-testid="limit-state"
        >
          {pending ? t('powercontrol.Pending') : t('powercontrol.Confirmed')}
        </span>
      )}
      {pending && inverter.readback_w !== null && (
        <small className="text-body-secondary">
          {t('powercontrol.ReadBack', { power: wattsText(format, inverter.readback_w) })}
        </small>
      )}
    </span>
  );
}

/** Each governed inverter: its limit now (confirmed or pending), what it produces, and why. */
export function GovernedList({ status }: { status: ExportControlStatus }) {
  const t = useT();
  const format = useFormat();
  const devices = new Set(status.inverters.map((inverter) => inverter.device));
  return (
    <section className="mb-4" aria-labelledby="governed-inverters">
      <h2 className="h5" id="governed-inverters">
        {t('powercontrol.Governed')}
      </h2>
      {status.inverters.length === 0 ? (
        <p className="text-body-secondary">{t('powercontrol.NoneGoverned')}</p>
      ) : (
        <ul className="list-group">
          {status.inverters.map((inverter) => {
            const minutesLeft =
              inverter.paused_until === null
                ? null
                : Math.max(1, Math.ceil((inverter.paused_until - status.now) / 60_000));
            return (
              <li
                className="list-group-item"
                key={`${inverter.device}/${inverter.serial}`}
                data-testid={`governed-inverter-${inverter.serial}`}
              >
                <div className="d-flex flex-wrap align-items-baseline gap-2">
                  <strong className="me-auto">
                    {devices.size > 1
                      ? t('powercontrol.InverterOn', {
                          name: inverter.name,
                          device: inverter.device,
                        })
                      : inverter.name}
                  </strong>
                  <LimitNow inverter={inverter} />
                </div>
                <div className="small text-body-secondary">
                  {t('powercontrol.ProducesNow', {
                    power: inverter.power_w === null ? '–' : wattsText(format, inverter.power_w),
                  })}
                  {inverter.taken_over_w !== null && (
                    <>
                      {' · '}
                      {t('powercontrol.GivenBack', {
                        power: wattsText(format, inverter.taken_over_w),
                      })}
                    </>
                  )}
                </div>
                <div className="small" data-testid="governed-reason">
                  {governedReason(t, inverter.state)}
                  {minutesLeft !== null &&
                    ` ${t('powercontrol.PausedFor', { minutes: minutesLeft }, minutesLeft)}`}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
