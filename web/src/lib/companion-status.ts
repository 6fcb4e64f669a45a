import { useEffect, useState } from 'react';
import type { CompanionDevice, CompanionStatus } from '@heliodtu/contract/companion';
import { apiRequest } from './api-client';

/**
 * Whether this gateway is a companion in front of a real OpenDTU (issue 24, a HelioDTU
 * extension), and the device it stands in front of. The simulated gateway says "no"; a real
 * device answers the path like an unknown one (its index.html): both mean nothing new shows.
 * Lives in lib because System info and the live view both read it; plain state, not lib/query,
 * which the live view's first load does not carry.
 */
export const COMPANION_STATUS_API = 'api/companion/status';

function isCompanionStatus(body: unknown): body is CompanionStatus {
  return (
    typeof body === 'object' &&
    body !== null &&
    'companion' in body &&
    body.companion === true &&
    'devices' in body &&
    Array.isArray(body.devices) &&
    body.devices.length > 0
  );
}

let inFlight: Promise<readonly CompanionDevice[] | null> | undefined;

/**
 * The devices behind this companion in the owner's order (issue 27), or null: any failure
 * counts as "not a companion".
 */
export function fetchCompanionDevices(): Promise<readonly CompanionDevice[] | null> {
  // The menu and the screen ask at the same moment: one request answers both.
  inFlight ??= apiRequest<unknown>(COMPANION_STATUS_API, {
    method: 'GET',
    silent: true,
    handle401: false,
  })
    .catch(() => null)
    .then((body) => (isCompanionStatus(body) ? body.devices : null))
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** The (first) device behind this companion, or null. */
export async function fetchCompanionDevice(): Promise<CompanionDevice | null> {
  return (await fetchCompanionDevices())?.[0] ?? null;
}

/**
 * The devices behind this companion; null on any other gateway and until it answered (and
 * always in the firmware build). `pollMs` asks again that often, but only a companion: any
 * other gateway is asked once. `loaded` tells "not a companion" from "not yet known".
 */
export function useCompanionDevices(pollMs?: number): {
  devices: readonly CompanionDevice[] | null;
  loaded: boolean;
} {
  const [state, setState] = useState<{
    devices: readonly CompanionDevice[] | null;
    loaded: boolean;
  }>({ devices: null, loaded: import.meta.env.MODE === 'firmware' });
  useEffect(() => {
    // The firmware build is the device's own interface: never a companion.
    if (import.meta.env.MODE === 'firmware') return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const found = await fetchCompanionDevices();
      if (!active) return;
      setState({ devices: found, loaded: true });
      if (found && pollMs) timer = setTimeout(() => void ask(), pollMs);
    };
    void ask();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [pollMs]);
  return state;
}

/**
 * The device behind this companion (the first of several); null on any other gateway (and
 * always in the firmware build). `pollMs` as for useCompanionDevices.
 */
export function useCompanionDevice(pollMs?: number): CompanionDevice | null {
  return useCompanionDevices(pollMs).devices?.[0] ?? null;
}
