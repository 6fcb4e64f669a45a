import { create } from 'zustand';
import {
  firmwareGeneration,
  isCurrentFirmware,
  type FirmwareGeneration,
} from '@heliodtu/contract/domain/firmware-generation';
import { ApiError, apiRequest } from './api-client';
import { readAccessOpen } from './early-start';
import { readStoredUser } from './session';

/**
 * Which OpenDTU wire the device speaks (issue 25, wire-current §1): read at most once per load
 * from GET api/system/status, and only once something needs it, and told apart by the
 * contract's `firmwareGeneration` (by feature, `git_branch`, then by the release tag). Only
 * what the wire cannot show by itself asks this: the Settings menu's Logging entry (when the
 * menu is about to open), the Logging screen, and the limit dialog's type of "kept after
 * restart" (when it opens). A 401 (read-only off, logged out) is asked again on the next need. Plain state, not lib/query: the nav and the live
 * view come with the first load, which does not carry the query cache.
 */
export type GenerationState =
  | { readonly status: 'unknown' | 'locked' | 'failed' }
  | { readonly status: 'known'; readonly generation: FirmwareGeneration };

export const useFirmwareGenerationStore = create<GenerationState>()(() => ({ status: 'unknown' }));

let pending: Promise<FirmwareGeneration | undefined> | undefined;

function knownGeneration(): FirmwareGeneration | undefined {
  const state = useFirmwareGenerationStore.getState();
  return state.status === 'known' ? state.generation : undefined;
}

function isSystemStatus(body: unknown): body is { git_hash: string; git_branch?: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'git_hash' in body &&
    typeof body.git_hash === 'string'
  );
}

/**
 * Asks the device unless it answered already (or is being asked); again after a 401 or a
 * failure. Resolves to the generation, or undefined while it cannot be known.
 */
export function detectFirmwareGeneration(): Promise<FirmwareGeneration | undefined> {
  const known = knownGeneration();
  if (known) return Promise.resolve(known);
  if (pending) return pending;
  // A gateway that reads only after a login is not asked before one (issue 13).
  if (!readStoredUser() && !readAccessOpen()) {
    useFirmwareGenerationStore.setState({ status: 'locked' });
    return Promise.resolve(undefined);
  }
  pending = apiRequest<unknown>('api/system/status', {
    method: 'GET',
    silent: true,
    handle401: false,
  })
    .then(
      (body) => {
        if (!isSystemStatus(body)) {
          useFirmwareGenerationStore.setState({ status: 'failed' });
          return undefined;
        }
        const generation = firmwareGeneration(body);
        useFirmwareGenerationStore.setState({ status: 'known', generation });
        return generation;
      },
      (cause: unknown) => {
        const locked = cause instanceof ApiError && cause.status === 401;
        useFirmwareGenerationStore.setState({ status: locked ? 'locked' : 'failed' });
        return undefined;
      },
    )
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** The device's generation once known; undefined before (and when it could not be read). */
export function useFirmwareGeneration(): FirmwareGeneration | undefined {
  return useFirmwareGenerationStore((state) =>
    state.status === 'known' ? state.generation : undefined,
  );
}

/** True once the device is known to run current firmware (v25/v26) with its additions. */
export function useCurrentFirmware(): boolean {
  const generation = useFirmwareGeneration();
  return generation !== undefined && isCurrentFirmware(generation);
}

/** For tests: forget the answer. */
export function resetFirmwareGeneration(): void {
  pending = undefined;
  useFirmwareGenerationStore.setState({ status: 'unknown' }, true);
}
