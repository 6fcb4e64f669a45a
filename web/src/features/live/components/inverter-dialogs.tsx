import { lazy, Suspense } from 'react';
import type { DialogKind } from './tool-buttons';

// Loaded on first use, so the live view's first load stays small (architecture "Budget").
const LimitDialog = lazy(() =>
  import('../dialogs/limit-dialog').then((m) => ({ default: m.LimitDialog })),
);
const PowerDialog = lazy(() =>
  import('../dialogs/power-dialog').then((m) => ({ default: m.PowerDialog })),
);
const DevInfoDialog = lazy(() =>
  import('../dialogs/dev-info-dialog').then((m) => ({ default: m.DevInfoDialog })),
);
const GridProfileDialog = lazy(() =>
  import('../dialogs/grid-profile-dialog').then((m) => ({ default: m.GridProfileDialog })),
);
const EventLogDialog = lazy(() =>
  import('../dialogs/event-log-dialog').then((m) => ({ default: m.EventLogDialog })),
);

interface InverterDialogsProps {
  serial: string;
  open: DialogKind | null;
  onClose(): void;
}

/** The five dialogs of one inverter (spec §2); state-driven, one open at a time. */
export function InverterDialogs({ serial, open, onClose }: InverterDialogsProps) {
  if (open === null) return null;
  const props = { open: true, serial, onClose };
  return (
    <Suspense fallback={null}>
      {open === 'limit' && <LimitDialog {...props} />}
      {open === 'power' && <PowerDialog {...props} />}
      {open === 'info' && <DevInfoDialog {...props} />}
      {open === 'gridprofile' && <GridProfileDialog {...props} />}
      {open === 'eventlog' && <EventLogDialog {...props} />}
    </Suspense>
  );
}
