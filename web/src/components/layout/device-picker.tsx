import { createContext, useContext } from 'react';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import { hasUnsavedEdits } from '@/lib/device-scope';
import { useT } from '@/lib/i18n/use-t';

export interface DevicePickerValue {
  devices: readonly CompanionDevice[];
  selected: string;
  select(id: string): void;
}

/** Set by DevicePickerProvider (device-picker-provider.tsx) behind a companion of several devices. */
export const DevicePickerContext = createContext<DevicePickerValue | null>(null);

/**
 * The device picker at the top of a one-device screen (Page shows it): which device the
 * screen shows and changes. Nothing outside DevicePickerProvider or with one device.
 */
export function DevicePicker() {
  const t = useT();
  const picker = useContext(DevicePickerContext);
  if (!picker) return null;
  const { devices, selected, select } = picker;
  const known = devices.some((device) => device.id === selected);
  const onChange = (id: string) => {
    if (id === selected) return;
    if (hasUnsavedEdits() && !window.confirm(t('devicepicker.DiscardEdits'))) return;
    select(id);
  };
  return (
    <div
      className="alert alert-secondary d-flex flex-wrap align-items-center gap-2 py-2 mb-3"
      data-testid="device-picker"
    >
      <label htmlFor="device-picker" className="fw-semibold mb-0">
        {t('devicepicker.Device')}
      </label>
      <select
        id="device-picker"
        className="form-select form-select-sm w-auto"
        value={selected}
        onChange={(event) => onChange(event.target.value)}
      >
        {!known && <option value={selected}>{t('devicepicker.Unknown', { id: selected })}</option>}
        {devices.map((device) => (
          <option key={device.id} value={device.id}>
            {device.name}
          </option>
        ))}
      </select>
      <span className="small text-body-secondary">{t('devicepicker.Applies')}</span>
    </div>
  );
}
