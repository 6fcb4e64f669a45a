/**
 * The parts of each catalogue (en, de, fr) the first screen needs: the shell, the live view with its dialogs, the
 * login, error and wait pages. The build puts only these into the first load; the rest of the
 * English catalogue follows as its own chunk (first-load budget, architecture "Budget").
 * The live view's dialogs and their results (livedialogs, apiresponse, devinfo, gridprofile,
 * eventlog) wait for the rest themselves (features/live/components/inverter-dialogs.tsx), and so
 * do the screens that save or upload (saving: app/lazy-screen.tsx).
 */
export const CORE_NAMESPACES = [
  'menu',
  'base',
  'localeswitcher',
  'home',
  'invertertotalinfo',
  'login',
  'Error',
  'wait',
  'hints',
  'inverterchannelinfo',
  'inverterchannelproperty',
  // The fleet overview, the live view's default tab with two or more inverters (issue 15).
  'liveoverview',
  // A companion's device problems (issue 24): the live view's banner and every load error.
  'deviceproblem',
] as const;
