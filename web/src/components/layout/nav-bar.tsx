import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { MenuButton } from '@/components/ui/dropdown-menu';
import { MenuDivider } from '@/components/ui/menu-items';
import { useAlertsAvailable } from '@/lib/alerts-store';
import { useAuthStore } from '@/lib/auth-store';
import { fetchCompanionDevices } from '@/lib/companion-status';
import { detectFirmwareGeneration, useCurrentFirmware } from '@/lib/firmware-generation';
import { detectHistory, useHistoryAvailable } from '@/lib/history-support';
import { useT } from '@/lib/i18n/use-t';
import { loginPathWithReturn } from '@/lib/navigation';
import { PATHS } from '@/lib/paths';
import { AlertsBell } from './alerts-bell';
import { BrandIcon } from './brand-icon';
import { LocaleSwitcher } from './locale-switcher';
import { MenuLink } from './menu-link';
import { ThemeSwitcher } from './theme-switcher';

const askFirmwareGeneration = () => void detectFirmwareGeneration();

/** The fixed top navigation bar, item for item as spec §2 lists it. */
export function NavBar() {
  const t = useT();
  const [location] = useLocation();
  const search = useSearch();
  // Open only for the location it was opened at, so a navigation folds the menu.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const expanded = openAt === location;
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const logout = useAuthStore((state) => state.logout);
  const hasHistory = useHistoryAvailable();
  const hasAlerts = useAlertsAvailable();
  // Once per load; again after a login when the first try met a 401 (read-only off).
  useEffect(() => void detectHistory(), [isLoggedIn]);
  // Power control (issue 35): the grid meter's status asked from a chunk of its own, likewise.
  const [hasPowerControl, setHasPowerControl] = useState(false);
  useEffect(() => {
    if (import.meta.env.MODE !== 'firmware')
      void import('@/lib/grid-meter-store').then((m) => m.detectGridMeter(setHasPowerControl));
  }, [isLoggedIn]);
  // What only the device's firmware tells (issue 25): the Logging entry exists on v26 alone.
  // Asked when the Settings menu is about to open, not on every page load; again after a
  // login when the first try met a 401.
  const currentFirmware = useCurrentFirmware();
  // The Devices screen exists on a companion only (issue 27): asked with the firmware when the
  // menu is about to open, so a page load (or the login page) asks nothing more.
  const [onCompanion, setOnCompanion] = useState(false);
  const prepareSettings = useCallback(() => {
    askFirmwareGeneration();
    if (import.meta.env.MODE === 'firmware') return;
    void fetchCompanionDevices().then((devices) => setOnCompanion(devices !== null));
  }, []);
  const navLink = (href: string) => ({
    href,
    className: `nav-link${location === href ? ' active' : ''}`,
    ...(location === href ? { 'aria-current': 'page' as const } : {}),
  });

  return (
    <nav
      className="navbar navbar-expand-md fixed-top bg-dark border-bottom"
      data-bs-theme="dark"
      aria-label="HelioDTU"
    >
      <div className="container-fluid">
        <Link
          href={PATHS.live}
          className="navbar-brand d-flex align-items-center gap-2"
          aria-label={t('menu.Home')}
        >
          <BrandIcon />
          <span>HelioDTU</span>
        </Link>
        <AlertsBell />
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-navigation"
          aria-expanded={expanded}
          aria-label={t('menu.ToggleNavigation')}
          onClick={() => setOpenAt(expanded ? null : location)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-navigation" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto">
            <li className="nav-item">
              <Link {...navLink(PATHS.live)}>{t('menu.LiveView')}</Link>
            </li>
            {hasHistory && (
              <li className="nav-item">
                <Link {...navLink(PATHS.history)}>{t('menu.History')}</Link>
              </li>
            )}
            {import.meta.env.MODE !== 'firmware' && hasPowerControl && (
              <li className="nav-item">
                <Link {...navLink(PATHS.powerControl)}>{t('menu.PowerControl')}</Link>
              </li>
            )}
            <MenuButton label={t('menu.Settings')} onPrepare={prepareSettings}>
              <MenuLink href={PATHS.networkSettings}>{t('menu.NetworkSettings')}</MenuLink>
              <MenuLink href={PATHS.ntpSettings}>{t('menu.NTPSettings')}</MenuLink>
              <MenuLink href={PATHS.mqttSettings}>{t('menu.MQTTSettings')}</MenuLink>
              <MenuLink href={PATHS.inverterSettings}>{t('menu.InverterSettings')}</MenuLink>
              <MenuLink href={PATHS.securitySettings}>{t('menu.SecuritySettings')}</MenuLink>
              <MenuLink href={PATHS.dtuSettings}>{t('menu.DTUSettings')}</MenuLink>
              <MenuLink href={PATHS.deviceManager}>{t('menu.DeviceManager')}</MenuLink>
              {hasAlerts && (
                <MenuLink href={PATHS.alertsSettings}>{t('menu.AlertsSettings')}</MenuLink>
              )}
              {currentFirmware && (
                <MenuLink href={PATHS.loggingSettings}>{t('menu.LoggingSettings')}</MenuLink>
              )}
              {onCompanion && <MenuLink href={PATHS.devices}>{t('menu.Devices')}</MenuLink>}
              <MenuDivider />
              <MenuLink href={PATHS.configManagement}>{t('menu.ConfigManagement')}</MenuLink>
              <MenuLink href={PATHS.firmwareUpgrade}>{t('menu.FirmwareUpgrade')}</MenuLink>
              <MenuLink href={PATHS.reboot}>{t('menu.DeviceReboot')}</MenuLink>
            </MenuButton>
            <MenuButton label={t('menu.Info')}>
              <MenuLink href={PATHS.systemInfo}>{t('menu.System')}</MenuLink>
              <MenuLink href={PATHS.networkInfo}>{t('menu.Network')}</MenuLink>
              <MenuLink href={PATHS.ntpInfo}>{t('menu.NTP')}</MenuLink>
              <MenuLink href={PATHS.mqttInfo}>{t('menu.MQTT')}</MenuLink>
              <MenuDivider />
              <MenuLink href={PATHS.console}>{t('menu.Console')}</MenuLink>
            </MenuButton>
            <li className="nav-item">
              <Link {...navLink(PATHS.about)}>{t('menu.About')}</Link>
            </li>
          </ul>
          <ul className="navbar-nav align-items-md-center gap-md-1">
            <ThemeSwitcher />
            <LocaleSwitcher />
            <li className="nav-item ms-md-2 my-2 my-md-0">
              {isLoggedIn ? (
                <button type="button" className="btn btn-outline-light btn-sm" onClick={logout}>
                  {t('menu.Logout')}
                </button>
              ) : (
                <Link
                  href={
                    location === PATHS.login
                      ? PATHS.login
                      : // From the router, not the window: the same on the gateway's render (issue 26).
                        loginPathWithReturn(search ? `${location}?${search}` : location)
                  }
                  className="btn btn-outline-light btn-sm"
                >
                  {t('menu.Login')}
                </Link>
              )}
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
