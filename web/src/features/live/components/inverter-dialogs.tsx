import { lazy, Suspense, type ComponentType } from 'react';
import { loadFormStyles } from '@/lib/form-styles';
import { ensureFullCatalog } from '@/lib/i18n/i18n-store';
import type { DialogKind } from './tool-buttons';

// Loaded on first use, with the rest of the English texts (results, device info, grid profile,
// event log) and the form styles, so the live view's first load stays small (architecture "Budget").
function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Dialog] = await Promise.all([load(), ensureFullCatalog(), loadFormStyles()]);
    return { default: Dialog };
  });
}
const LimitDialog = lazyDialog(() => import('../dialogs/limit-dialog').then((m) => m.LimitDialog));
const PowerDialog = lazyDialog(() => import('../dialogs/power-dialog').then((m) => m.PowerDialog));
const DevInfoDialog = lazyDialog(() =>
  import('../dialogs/dev-info-dialog').then((m) => m.DevInfoDialog),
);
const GridProfileDialog = lazyDialog(() =>
  import('../dialogs/grid-profile-dialog').then((m) => m.GridProfileDialog),
);
const EventLogDialog = lazyDialog(() =>
  import('../dialogs/event-log-dialog').then((m) => m.EventLogDialog),
);

interface InverterDialogsProps {
  serial: string;
  dtu: string | null;
  open: DialogKind | null;
  onClose(): void;
}

/** The five dialogs of one inverter (spec §2); state-driven, one open at a time. */
export function InverterDialogs({ serial, dtu, open, onClose }: InverterDialogsProps) {
  if (open === null) return null;
  const props = { open: true, serial, dtu, onClose };
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
