import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/use-t';
import { DevicePickerProvider } from '@/components/layout/device-picker-provider';
import { isDeviceScreen, PATHS } from '@/lib/paths';
import { WaitPage } from '@/features/maintenance/wait-page';
import { LivePage } from '@/features/live/live-page';
import { ErrorBoundary } from './error-boundary';
import { lazyScreen } from './lazy-screen';
import { RequireAuth, RequireReadAccess } from './require-auth';

// One chunk per screen (architecture §6.2: lazy routes, named exports). Two exceptions: the wait
// page must show while the gateway is away, when no chunk can be fetched; the live view is the
// first screen, so it comes with the entry rather than as chunks fetched after it ran (issue 13).
const LoginPage = lazyScreen(() => import('@/features/auth/login-page').then((m) => m.LoginPage), {
  query: false,
  coreTexts: true,
});
const ErrorPage = lazyScreen(() => import('@/features/error/error-page').then((m) => m.ErrorPage), {
  query: false,
  coreTexts: true,
});
const AboutPage = lazyScreen(() => import('@/features/about/about-page').then((m) => m.AboutPage), {
  query: false,
});
const RebootPage = lazyScreen(
  () => import('@/features/maintenance/reboot-page').then((m) => m.RebootPage),
  { query: false },
);
const SecuritySettingsPage = lazyScreen(
  () => import('@/features/security/security-settings-page').then((m) => m.SecuritySettingsPage),
  { query: true },
);
const MqttSettingsPage = lazyScreen(
  () => import('@/features/mqtt/mqtt-settings-page').then((m) => m.MqttSettingsPage),
  { query: true },
);
const NetworkSettingsPage = lazyScreen(
  () => import('@/features/network/network-settings-page').then((m) => m.NetworkSettingsPage),
  { query: true },
);
const NtpSettingsPage = lazyScreen(
  () => import('@/features/ntp/ntp-settings-page').then((m) => m.NtpSettingsPage),
  { query: true },
);
// Current firmware only (issue 25): its own chunk, so the first load does not grow.
const LoggingSettingsPage = lazyScreen(
  () => import('@/features/logging/logging-settings-page').then((m) => m.LoggingSettingsPage),
  { query: true },
);
// Info pages (spec §2): no RequireAuth, their status endpoints follow allow_readonly.
const SystemInfoPage = lazyScreen(
  () => import('@/features/system/system-info-page').then((m) => m.SystemInfoPage),
  { query: true },
);
const NetworkInfoPage = lazyScreen(
  () => import('@/features/network/network-info-page').then((m) => m.NetworkInfoPage),
  { query: true },
);
const NtpInfoPage = lazyScreen(
  () => import('@/features/ntp/ntp-info-page').then((m) => m.NtpInfoPage),
  { query: true },
);
const MqttInfoPage = lazyScreen(
  () => import('@/features/mqtt/mqtt-info-page').then((m) => m.MqttInfoPage),
  { query: true },
);
const ConsolePage = lazyScreen(
  () => import('@/features/console/console-page').then((m) => m.ConsolePage),
  { query: false },
);
const DtuSettingsPage = lazyScreen(
  () => import('@/features/dtu/dtu-settings-page').then((m) => m.DtuSettingsPage),
  { query: true },
);
const DeviceManagerPage = lazyScreen(
  () => import('@/features/device/device-manager-page').then((m) => m.DeviceManagerPage),
  { query: true },
);
const InverterAdminPage = lazyScreen(
  () => import('@/features/inverters/inverter-admin-page').then((m) => m.InverterAdminPage),
  { query: true },
);
const ConfigAdminPage = lazyScreen(
  () => import('@/features/config/config-admin-page').then((m) => m.ConfigAdminPage),
  { query: true },
);
const FirmwareUpgradePage = lazyScreen(
  () => import('@/features/firmware/firmware-upgrade-page').then((m) => m.FirmwareUpgradePage),
  { query: false },
);
// Energy history (issue 14), a HelioDTU extension: left out of the firmware build, whose device
// has no history API (the nav shows the entry only when the gateway answers it).
const HistoryPage =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazyScreen(() => import('@/features/history/history-page').then((m) => m.HistoryPage), {
        query: true,
      });

// The devices behind a companion (issue 27): a companion's screen, never in the firmware build.
const DevicesPage =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazyScreen(() => import('@/features/devices/devices-page').then((m) => m.DevicesPage), {
        query: true,
      });
// Alerts (issue 28), a HelioDTU extension like the history: not in the firmware build.
const AlertsPage =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazyScreen(() => import('@/features/alerts/alerts-page').then((m) => m.AlertsPage), {
        query: false,
      });
const AlertsSettingsPage =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazyScreen(
        () => import('@/features/alerts/alerts-settings-page').then((m) => m.AlertsSettingsPage),
        { query: true },
      );
// Power control (issue 35): the grid meter and export control, a HelioDTU extension like the
// alerts: not in the firmware build.
const PowerControlPage =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazyScreen(
        () => import('@/features/power-control/power-control-page').then((m) => m.PowerControlPage),
        { query: true },
      );

function RouteFallback() {
  const t = useT();
  return (
    <div className="container-xxl page text-center">
      <Spinner label={t('base.Loading')} className="mt-5" />
    </div>
  );
}

/** The screens of spec §2. */
export function AppRoutes() {
  const [location] = useLocation();
  const routes = (
    <Switch>
      <Route path={PATHS.live}>
        <RequireReadAccess>
          <LivePage />
        </RequireReadAccess>
      </Route>
      <Route path={PATHS.login} component={LoginPage} />
      <Route path={PATHS.error} component={ErrorPage} />
      <Route path={PATHS.about} component={AboutPage} />
      {HistoryPage && <Route path={PATHS.history} component={HistoryPage} />}
      {AlertsPage && (
        <Route path={PATHS.alerts}>
          <RequireReadAccess>
            <AlertsPage />
          </RequireReadAccess>
        </Route>
      )}
      {AlertsSettingsPage && (
        <Route path={PATHS.alertsSettings}>
          <RequireAuth>
            <AlertsSettingsPage />
          </RequireAuth>
        </Route>
      )}
      {PowerControlPage && (
        <Route path={PATHS.powerControl}>
          <RequireReadAccess>
            <PowerControlPage />
          </RequireReadAccess>
        </Route>
      )}
      <Route path={PATHS.wait} component={WaitPage} />
      <Route path={PATHS.reboot}>
        <RequireAuth>
          <RebootPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.firmwareUpgrade}>
        <RequireAuth>
          <FirmwareUpgradePage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.systemInfo} component={SystemInfoPage} />
      <Route path={PATHS.networkInfo} component={NetworkInfoPage} />
      <Route path={PATHS.ntpInfo} component={NtpInfoPage} />
      <Route path={PATHS.mqttInfo} component={MqttInfoPage} />
      <Route path={PATHS.console} component={ConsolePage} />
      <Route path={PATHS.networkSettings}>
        <RequireAuth>
          <NetworkSettingsPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.ntpSettings}>
        <RequireAuth>
          <NtpSettingsPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.mqttSettings}>
        <RequireAuth>
          <MqttSettingsPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.inverterSettings}>
        <RequireAuth>
          <InverterAdminPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.dtuSettings}>
        <RequireAuth>
          <DtuSettingsPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.deviceManager}>
        <RequireAuth>
          <DeviceManagerPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.configManagement}>
        <RequireAuth>
          <ConfigAdminPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.loggingSettings}>
        <RequireAuth>
          <LoggingSettingsPage />
        </RequireAuth>
      </Route>
      <Route path={PATHS.securitySettings}>
        <RequireAuth>
          <SecuritySettingsPage />
        </RequireAuth>
      </Route>
      {DevicesPage && (
        <Route path={PATHS.devices}>
          <RequireAuth>
            <DevicesPage />
          </RequireAuth>
        </Route>
      )}
      <Route>
        <Redirect to={PATHS.live} replace />
      </Route>
    </Switch>
  );
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<RouteFallback />}>
        {/* Behind a companion with several devices these screens act on one (issue 27). */}
        {import.meta.env.MODE !== 'firmware' && isDeviceScreen(location) ? (
          <DevicePickerProvider>{routes}</DevicePickerProvider>
        ) : (
          routes
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
