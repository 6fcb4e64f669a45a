import { Fragment, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEVICE_QUERY_PARAM } from '@heliodtu/contract/domain/device-path';
import { useCompanionDevices } from '@/lib/companion-status';
import { currentScreenDevice, deviceOfSearch, setScreenDevice } from '@/lib/device-scope';
import { DevicePickerContext, type DevicePickerValue } from './device-picker';
import { MqttDeviceNotice } from './mqtt-device-notice';

// In effects that run before the screen's own (a layout effect runs before any passive one).
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The page URL's query with the device set to `id`, other parameters kept. */
function searchWith(search: string, id: string): string {
  const params = new URLSearchParams(search);
  params.set(DEVICE_QUERY_PARAM, id);
  return params.toString();
}

/**
 * Around a screen that acts on one device (issue 27, lib/paths.ts isDeviceScreen): behind a
 * companion with several devices, the device named by the page URL's `?dtu=` (the first device
 * when none is named, written into the URL so a reload or bookmark keeps it). Every request of
 * the screen goes to that device (lib/device-scope.ts); a change of device remounts the screen,
 * which loads its data again. With one device, the simulated fleet and in the firmware build
 * nothing changes: no picker, today's URLs and requests. A device known only by its MQTT
 * topics (issue 37) has no settings the companion can reach: the screen is a notice instead.
 */
export function DevicePickerProvider({ children }: { children: ReactNode }) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { devices, loaded } = useCompanionDevices();
  const named = deviceOfSearch(search);
  const several = devices !== null && devices.length > 1;
  // A named device counts at once, so a bookmarked screen asks the right device from its first
  // request; once the gateway said it is no companion, nothing is prefixed.
  const selected = loaded && devices === null ? null : (named ?? (several ? devices[0]!.id : null));
  // Set while rendering, so the screen's first requests already carry it; cleared only when the
  // provider leaves (a change of device sets the next one, never null in between).
  setScreenDevice(selected);
  useIsomorphicLayoutEffect(() => {
    setScreenDevice(selected);
    return () => {
      if (currentScreenDevice() === selected) setScreenDevice(null);
    };
  }, [selected]);
  const first = several ? devices[0]!.id : null;
  useEffect(() => {
    if (named === null && first !== null) {
      navigate(`${location}?${searchWith(search, first)}`, { replace: true });
    }
  }, [named, first, location, search, navigate]);

  const value: DevicePickerValue | null =
    several && selected !== null
      ? {
          devices,
          selected,
          select: (id) => navigate(`${location}?${searchWith(search, id)}`),
        }
      : null;
  // The device the screen acts on: the chosen one, or a companion's only device.
  const shown =
    devices?.find((device) => device.id === selected) ?? (several ? undefined : devices?.[0]);
  return (
    <DevicePickerContext.Provider value={value}>
      <Fragment key={selected ?? ''}>
        {/* Until the companion said which devices it has, nothing asks a device that may have
            no API; behind a companion that answers from memory, this is one short request. */}
        {!loaded ? null : shown?.source === 'mqtt' ? (
          <MqttDeviceNotice device={shown} screen={location} />
        ) : (
          children
        )}
      </Fragment>
    </DevicePickerContext.Provider>
  );
}
