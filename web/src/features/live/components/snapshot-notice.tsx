import { lazy, Suspense, useEffect, useState } from 'react';
import { useGatewayReach } from '@/lib/gateway-reach';
import { useLiveStore } from '../live-store';

// Both parts load after the first screen (first-load budget); the worker precaches them. Pure,
// so the firmware build, which never renders them, drops them.
const snapshots = () => import('../live-snapshot');
const SnapshotAge = /* @__PURE__ */ lazy(() =>
  import('./snapshot-age').then((m) => ({ default: m.SnapshotAge })),
);

/**
 * Keeps the last live data in the browser and, when the gateway does not answer the first
 * load or is known to be away before that (the page came from the service worker's fallback),
 * shows it with its age until live data arrives again (issues 16, 23).
 */
function StoredSnapshotNotice({ loadFailed }: { loadFailed: boolean }) {
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    void snapshots().then((m) => {
      if (active) stop = m.keepSnapshots();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  const unreachable = useGatewayReach((state) => state.unreachable);
  useEffect(() => {
    if (loadFailed || unreachable) {
      void snapshots().then((m) => {
        const restored = m.restoreSnapshot();
        if (restored !== null) setRestoredAt(restored);
      });
    }
  }, [loadFailed, unreachable]);
  const shown = useLiveStore((state) => restoredAt !== null && state.lastUpdateAt === restoredAt);
  if (!shown || restoredAt === null) return null;
  return (
    <Suspense fallback={null}>
      <SnapshotAge restoredAt={restoredAt} />
    </Suspense>
  );
}

/** The firmware build has no offline shell, so it leaves this out (flash budget). */
export const SnapshotNotice =
  import.meta.env.MODE === 'firmware' ? () => null : StoredSnapshotNotice;
