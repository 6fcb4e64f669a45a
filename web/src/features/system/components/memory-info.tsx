import type { SystemStatus } from '@heliodtu/contract/system';
import { InfoCard } from '@/components/ui/info-table';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { memoryRows } from '../memory-rows';

/** Bar colour by fill, so a nearly full area stands out (OpenDTU's thresholds). */
function barClass(percent: number): string {
  if (percent >= 90) return 'bg-danger';
  if (percent >= 75) return 'bg-warning';
  return 'bg-primary';
}

/** A figure and its unit stay on one line when the phone line wraps. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** Memory card: heap, PSRAM, LittleFS and sketch with bars and percentages, spec §2 / §9. */
export function MemoryInfo({ status }: { status: SystemStatus }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <InfoCard title={t('memoryinfo.MemoryInformation')}>
      {/* On phones the three figures move under the bar: the table needs no sideways scroll. */}
      <div className="table-responsive">
        <table className="table table-hover mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{t('memoryinfo.Type')}</th>
              <th scope="col" className="w-50">
                {t('memoryinfo.Usage')}
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t('memoryinfo.Free')}
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t('memoryinfo.Used')}
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t('memoryinfo.Size')}
              </th>
            </tr>
          </thead>
          <tbody>
            {memoryRows(status).map((row) => {
              const name = t(`memoryinfo.${row.area}`);
              return (
                <tr key={row.area} data-testid={`memory-${row.area}`}>
                  <th scope="row" className="fw-normal">
                    {name}
                  </th>
                  <td>
                    <div className="d-flex align-items-center gap-2">
                      <div
                        className="progress"
                        role="progressbar"
                        aria-label={t('memoryinfo.UsageOf', { type: name })}
                        aria-valuenow={row.percent}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        style={{ minWidth: '4rem', flex: '1 1 auto' }}
                      >
                        <div
                          className={`progress-bar ${barClass(row.percent)}`}
                          style={{ width: `${row.percent}%` }}
                        />
                      </div>
                      <span
                        className="small text-nowrap text-end"
                        data-testid="percent"
                        style={{ minWidth: '3rem' }}
                      >
                        {fmt.percent(row.percent / 100)}
                      </span>
                    </div>
                    <div className="d-sm-none small text-body-secondary" data-testid="figures">
                      {t('memoryinfo.UsedOfSize', {
                        used: unbroken(fmt.kilobyte(row.used)),
                        size: unbroken(fmt.kilobyte(row.total)),
                        free: unbroken(fmt.kilobyte(row.free)),
                      })}
                    </div>
                  </td>
                  <td className="text-end text-nowrap d-none d-sm-table-cell">
                    {fmt.kilobyte(row.free)}
                  </td>
                  <td className="text-end text-nowrap d-none d-sm-table-cell">
                    {fmt.kilobyte(row.used)}
                  </td>
                  <td className="text-end text-nowrap d-none d-sm-table-cell">
                    {fmt.kilobyte(row.total)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </InfoCard>
  );
}
