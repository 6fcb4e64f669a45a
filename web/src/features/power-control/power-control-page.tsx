import { useEffect } from 'react';
import { Link } from 'wouter';
import { Page } from '@/components/layout/page';
import { useAuthStore } from '@/lib/auth-store';
import { refreshGridMeter, useGridMeterStore, watchGridMeter } from '@/lib/grid-meter-store';
import { useT } from '@/lib/i18n/use-t';
import { loginPathWithReturn } from '@/lib/navigation';
import { useExportControlStatus } from './api/power-control-api';
import { ControlNow } from './components/control-now';
import { GovernedList } from './components/governed-list';
import { MeterNow } from './components/meter-now';
import { PowerSettings } from './components/power-settings';

/**
 * The Power control screen (issue 35, a HelioDTU extension): what export control does now and
 * the last 15 minutes, each governed inverter's limit and why, the meter's reading (read now on
 * demand), and, for the admin, the settings of the meter and of export control.
 */
export function PowerControlPage() {
  const t = useT();
  const loggedIn = useAuthStore((state) => state.isLoggedIn);
  const control = useExportControlStatus();
  const meterSupport = useGridMeterStore((state) => state.support);
  const meter = useGridMeterStore((state) => state.status);
  useEffect(() => watchGridMeter(), []);
  const reload = () => Promise.all([control.refetch(), refreshGridMeter()]);
  return (
    <Page
      title={t('powercontrol.Title')}
      isLoading={meterSupport === 'unknown' && control.isPending}
      onReload={reload}
    >
      {meterSupport === 'absent' && control.isError ? (
        <div className="alert alert-info" role="status">
          {t('powercontrol.Absent')}
        </div>
      ) : (
        <>
          <ControlNow status={control.data} failed={control.isError} />
          {control.data && <GovernedList status={control.data} />}
          <MeterNow status={meter} canRead={loggedIn} />
          {loggedIn ? (
            <PowerSettings />
          ) : (
            <div className="alert alert-secondary" role="status">
              {t('powercontrol.LoginForSettings')}{' '}
              <Link href={loginPathWithReturn()} className="alert-link">
                {t('powercontrol.LoginLink')}
              </Link>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
