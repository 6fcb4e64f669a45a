// The README's pictures that `npm run screenshots` (scripts/screenshots.mjs) takes.

/**
 * Each picture: what the README shows. `ready` is text that must be visible first; `weak`
 * waits for the weak-string mark of the shaded string; `tab` opens an inverter's tab.
 */
export const PICTURES = [
  {
    file: 'live-overview-light',
    route: '',
    width: 1280,
    height: 900,
    theme: 'light',
    ready: 'Balcony',
    weak: true,
  },
  { file: 'live-phone-dark', route: '', width: 360, height: 1280, theme: 'dark', ready: 'Balcony' },
  {
    file: 'live-inverter-dark',
    route: '',
    width: 1280,
    height: 860,
    theme: 'dark',
    ready: 'Balcony',
    tab: 'Garage roof',
  },
  {
    file: 'history-day-light',
    route: 'history?view=day&date=2025-06-20',
    width: 1280,
    height: 860,
    theme: 'light',
    ready: 'Energy history',
  },
  {
    file: 'history-month-phone-dark',
    route: 'history?view=month&date=2025-06-20',
    width: 360,
    height: 800,
    theme: 'dark',
    ready: 'Energy history',
  },
  {
    file: 'settings-inverters',
    route: 'settings/inverter',
    width: 1280,
    height: 760,
    theme: 'light',
    ready: 'Garage roof',
  },
  // The house beside the fleet (issue 35): the simulated house's meter, export control on.
  {
    file: 'power-control-light',
    route: 'power-control',
    width: 1280,
    height: 1000,
    theme: 'light',
    ready: 'Grid meter',
    exportControl: true,
  },
  {
    file: 'power-control-phone-dark',
    route: 'power-control',
    width: 360,
    height: 1500,
    theme: 'dark',
    ready: 'Grid meter',
    exportControl: true,
  },
  // Several devices behind one companion (issue 27): `companion` pictures are taken from a
  // companion in front of two simulated devices, the demo fleet and one of a single inverter.
  {
    file: 'companion-overview-light',
    route: '',
    width: 1280,
    height: 1000,
    theme: 'light',
    ready: 'Carport',
    companion: true,
  },
  {
    file: 'companion-overview-phone-dark',
    route: '',
    width: 360,
    height: 1400,
    theme: 'dark',
    ready: 'Carport',
    companion: true,
  },
  {
    file: 'companion-devices-dark',
    route: 'settings/devices',
    width: 1280,
    height: 840,
    theme: 'dark',
    ready: 'Connected since',
    companion: true,
  },
  {
    file: 'companion-devices-phone-light',
    route: 'settings/devices',
    width: 360,
    height: 1100,
    theme: 'light',
    ready: 'Connected since',
    companion: true,
  },
];
