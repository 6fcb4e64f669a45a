import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import { useLiveStore } from './live-store';
import type { LiveData } from './merge-live-update';

/** The stored copy is refreshed at most this often (localStorage writes are synchronous). */
export const SNAPSHOT_EVERY_MS = 5_000;

/** The last live data as the browser keeps it, for a visit while the gateway is away (issue 16). */
export interface LiveSnapshot {
  /** When the data arrived (ms). */
  savedAt: number;
  data: LiveData;
  /** Each inverter's arrival time, so its data age reads as it did. */
  receivedAt: Record<string, number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored snapshot, or null when there is none or it is not one of ours. */
export function readSnapshot(): LiveSnapshot | null {
  try {
    const value: unknown = JSON.parse(storage.get(STORAGE_KEYS.liveSnapshot) ?? 'null');
    if (!isRecord(value) || typeof value['savedAt'] !== 'number') return null;
    const data = value['data'];
    if (!isRecord(data) || !Array.isArray(data['inverters']) || !isRecord(data['total'])) {
      return null;
    }
    if (!isRecord(data['hints']) || !isRecord(value['receivedAt'])) return null;
    return value as unknown as LiveSnapshot;
  } catch {
    return null;
  }
}

/** Stores the live data whenever it changes, at most every `everyMs`; returns the unsubscribe. */
export function keepSnapshots(everyMs = SNAPSHOT_EVERY_MS): () => void {
  let savedAt = readSnapshot()?.savedAt ?? 0;
  return useLiveStore.subscribe(({ data, lastUpdateAt, receivedAt }) => {
    if (data === null || lastUpdateAt === null || lastUpdateAt - savedAt < everyMs) return;
    savedAt = lastUpdateAt;
    const snapshot: LiveSnapshot = { savedAt, data, receivedAt: { ...receivedAt } };
    storage.set(STORAGE_KEYS.liveSnapshot, JSON.stringify(snapshot));
  });
}

/**
 * Shows the stored snapshot when the store has nothing yet (the gateway did not answer); the
 * data keeps its arrival times, so ages and the stale notice tell how old it is. Returns when
 * it was saved, or null when nothing was restored.
 */
export function restoreSnapshot(): number | null {
  const snapshot = readSnapshot();
  if (!snapshot || useLiveStore.getState().data !== null) return null;
  useLiveStore.setState({
    data: snapshot.data,
    receivedAt: snapshot.receivedAt,
    lastUpdateAt: snapshot.savedAt,
  });
  return snapshot.savedAt;
}
