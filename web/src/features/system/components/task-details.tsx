import type { SystemStatus } from '@heliodtu/contract/system';
import { InfoCard } from '@/components/ui/info-table';
import { useMemo } from 'react';
import { useLocale, useT, useTranslateAny } from '@/lib/i18n/use-t';

/** A readable name for the FreeRTOS tasks the device reports, else the task's own name. */
function useTaskName() {
  const translate = useTranslateAny();
  return (name: string) => {
    const key = `taskdetails.Task_${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    const text = translate(key);
    return text === key ? name : text;
  };
}

function stackFormat(locale: string): Intl.NumberFormat {
  const tag = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
  return new Intl.NumberFormat(tag, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
}

/** Task details card: each task's stack high-water mark, spec §2. */
export function TaskDetails({ status }: { status: SystemStatus }) {
  const t = useT();
  const locale = useLocale();
  // One decimal: stack marks are a few kB, where whole kilobytes hide the difference.
  const kilobytes = useMemo(() => stackFormat(locale), [locale]);
  const taskName = useTaskName();
  return (
    <InfoCard title={t('taskdetails.TaskDetails')}>
      <div className="table-responsive">
        <table className="table table-hover mb-0">
          <thead>
            <tr>
              <th scope="col">{t('taskdetails.Name')}</th>
              <th scope="col" className="text-end">
                {t('taskdetails.StackFree')}
              </th>
              <th scope="col" className="text-end">
                {t('taskdetails.Priority')}
              </th>
            </tr>
          </thead>
          <tbody>
            {status.task_details.map((task) => (
              <tr key={task.name} data-testid={`task-${task.name}`}>
                <th scope="row" className="fw-normal">
                  {taskName(task.name)} <span className="text-body-secondary">({task.name})</span>
                </th>
                <td className="text-end text-nowrap">
                  {kilobytes.format(task.stack_watermark / 1024)}
                </td>
                <td className="text-end">{task.priority}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </InfoCard>
  );
}
