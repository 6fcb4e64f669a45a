import type { StoreApi } from 'zustand/vanilla';
import { createRenderedStore, type RenderedStore } from '@/lib/rendered-store';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys';
import {
  applyLiveSnapshot,
  markReceived,
  mergeLiveUpdate,
  type LiveData,
  type LiveInverter,
  type LiveUpdate,
} from './merge-live-update';
import { liveKeyOf } from '@/lib/live-key';

/** How the live view gets its data: the socket, or polling when the socket cannot stay open. */
export type LiveTransport = 'socket' | 'polling';

export interface LiveState {
  /** Null until the first answer or message. */
  data: LiveData | null;
  /**
   * Arrival time (ms) of each inverter's last data, by live key (liveKeyOf); data age is derived
   * from it (architecture §6.5).
   */
  receivedAt: Readonly<Record<string, number>>;
  /** The socket is open (the page's online dot). */
  connected: boolean;
  transport: LiveTransport;
  /** When any data last arrived (ms), null before; stale data is told from it. */
  lastUpdateAt: number | null;
  /**
   * The tab chosen by the user: an inverter's live key (its serial with one device) or OVERVIEW; kept here so a reload does not
   * lose it, and in localStorage so the browser remembers it (issue 15).
   */
  selected: string | null;
  /**
   * True while the data is what came with the server-rendered page (issue 26): the live view
   * then opens the socket without asking for the list again. Not one-shot, so an effect that
   * React runs twice (StrictMode) decides the same both times; the browser's first data of its
   * own (a socket message, a status answer) ends it.
   */
  renderedByServer: boolean;
}

/** The fleet overview's tab, in place of a serial (serials are hex, so never this). */
export const OVERVIEW = 'overview';

const INITIAL: LiveState = {
  data: null,
  receivedAt: {},
  connected: false,
  transport: 'socket',
  lastUpdateAt: null,
  selected: null,
  renderedByServer: false,
};

const initialState = (): LiveState => ({ ...INITIAL, selected: storage.get(STORAGE_KEYS.liveTab) });

/** A live store of its own (the app has one, useLiveStore; a unit test makes another). */
export function createLiveStore(): RenderedStore<LiveState> {
  return createRenderedStore<LiveState>(initialState);
}

/**
 * The live data store (architecture §6.5): the socket and the poller write, components select
 * narrow slices. Updates always build new objects, never mutate.
 */
export const useLiveStore = createLiveStore();

/**
 * The writers of one live store, outside React: the live connection (live-connection.ts) and the
 * server render and hydration (ssr/) are given one; the app's own is liveActions.
 */
export function liveWriterOf(store: StoreApi<LiveState>) {
  return {
    /** What the store holds now (the connection reads its transport and last update). */
    current(): LiveState {
      return store.getState();
    },
    /**
     * The live data a page was rendered from, arrived at `at`, on the default tab: what the
     * gateway's render and the browser's hydration both show (ssr/). The stored tab follows
     * with restoreTab() once hydrated.
     */
    rendered(update: LiveUpdate, at: number): void {
      store.setState(
        {
          ...INITIAL,
          data: applyLiveSnapshot(null, update),
          receivedAt: markReceived({}, update, at),
          lastUpdateAt: at,
          renderedByServer: true,
        },
        true,
      );
    },
    /** Every inverter's data counted as arriving at `at` (the browser's clock after hydration). */
    rebase(at: number): void {
      store.setState((state) => ({
        receivedAt: Object.fromEntries(Object.keys(state.receivedAt).map((serial) => [serial, at])),
        lastUpdateAt: state.lastUpdateAt === null ? null : at,
      }));
    },
    /** The tab the browser remembers (issue 15). */
    restoreTab(): void {
      store.setState({ selected: storage.get(STORAGE_KEYS.liveTab) });
    },
    /** A socket message: merged per serial. */
    message(update: LiveUpdate, at = Date.now()): void {
      store.setState((state) => ({
        renderedByServer: false,
        data: mergeLiveUpdate(state.data, update),
        receivedAt: markReceived(state.receivedAt, update, at),
        lastUpdateAt: at,
      }));
    },
    /** A whole /api/livedata/status answer: the list as the gateway has it now. */
    snapshot(update: LiveUpdate, at = Date.now()): void {
      store.setState((state) => ({
        renderedByServer: false,
        data: applyLiveSnapshot(state.data, update),
        receivedAt: markReceived(state.receivedAt, update, at),
        lastUpdateAt: at,
      }));
    },
    setConnected(connected: boolean): void {
      store.setState({ connected });
    },
    setTransport(transport: LiveTransport): void {
      store.setState({ transport });
    },
    /** An inverter's live key or OVERVIEW. */
    select(tab: string): void {
      store.setState({ selected: tab });
      storage.set(STORAGE_KEYS.liveTab, tab);
    },
    /** Forget everything (leaving the page). */
    reset(): void {
      store.setState(initialState(), true);
    },
  };
}

export type LiveWriter = ReturnType<typeof liveWriterOf>;

/** The app's live store's writers. */
export const liveActions: LiveWriter = liveWriterOf(useLiveStore);

//-- Selectors

/** One inverter by live key (liveKeyOf); keeps its reference while other inverters update. */
export const selectInverter =
  (key: string) =>
  (state: LiveState): LiveInverter | undefined =>
    state.data?.inverters.find((inverter) => liveKeyOf(inverter) === key);

/** The live keys in display order, joined, so a selector result compares by value. */
export const selectSerialKey = (state: LiveState): string =>
  state.data?.inverters.map(liveKeyOf).join(',') ?? '';

const NO_INVERTERS: readonly LiveInverter[] = [];

/** The inverters as held now (one array per update, so a changed one is a new object). */
export const liveStateOf = (state: LiveState): readonly LiveInverter[] =>
  state.data?.inverters ?? NO_INVERTERS;
