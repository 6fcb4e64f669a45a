import { useEffect, useRef, useState } from 'react';
import type { DeviceConfig } from '@heliodtu/contract/device';
import { ConfigFormPage } from '@/components/form/config-form-page';
import type { SettingsForm } from '@/components/form/use-settings-form';
import { Tabs } from '@/components/ui/tabs';
import { useT } from '@/lib/i18n/use-t';
import {
  tabOfField,
  toDeviceForm,
  toDeviceRequest,
  validateDevice,
  type DeviceForm,
  type DeviceTab,
} from './device-form';
import { DisplayTab } from './display-tab';
import { LedsTab } from './leds-tab';
import { PinAssignmentTab } from './pin-assignment-tab';
import { usePinMapping } from './use-pin-mapping';

/** Pin assignment, display and LEDs in one form with one Cancel/Save footer (spec §2). */
export function DeviceManagerPage() {
  const t = useT();
  // Outside the form, so the open tab survives the reload after a save.
  const [tab, setTab] = useState<DeviceTab>('pins');
  return (
    <ConfigFormPage<DeviceConfig, DeviceForm>
      title={t('deviceadmin.DeviceManager')}
      area="device"
      toForm={toDeviceForm}
      toRequest={toDeviceRequest}
      validate={validateDevice}
    >
      {(form) => <DeviceTabs form={form} tab={tab} onTab={setTab} />}
    </ConfigFormPage>
  );
}

interface DeviceTabsProps {
  form: SettingsForm<DeviceForm>;
  tab: DeviceTab;
  onTab(tab: DeviceTab): void;
}

function DeviceTabs({ form, tab, onTab }: DeviceTabsProps) {
  const t = useT();
  const pinMapping = usePinMapping();
  const anchor = useRef<HTMLSpanElement>(null);
  // Fields with a message on screen mark their tab.
  const invalidTabs = new Set(
    form.problems
      .filter((problem) => form.messageFor(problem.field) !== undefined)
      .map((problem) => tabOfField(problem.field)),
  );
  const first = form.problems[0]?.field;

  // A save stopped by a field on a hidden tab: open that tab before the form focuses the field.
  // The native listener on the <form> runs before React's onSubmit.
  useEffect(() => {
    const formElement = anchor.current?.closest('form');
    if (!formElement || first === undefined || tabOfField(first) === tab) return;
    const openTab = () => onTab(tabOfField(first));
    formElement.addEventListener('submit', openTab);
    return () => formElement.removeEventListener('submit', openTab);
  }, [first, tab, onTab]);

  const tabs = [
    {
      id: 'pins' as const,
      label: t('deviceadmin.PinAssignment'),
      panel: (
        <PinAssignmentTab
          name={form.values.curPin.name}
          active={form.values.curPin}
          entries={pinMapping.data ?? []}
          loading={pinMapping.isPending}
          error={pinMapping.error}
        />
      ),
    },
    {
      id: 'display' as const,
      label: t('deviceadmin.Display'),
      panel: <DisplayTab locale={form.values.display.locale} />,
    },
    { id: 'leds' as const, label: t('deviceadmin.Leds'), panel: <LedsTab form={form} /> },
  ].map((item) => ({ ...item, invalid: invalidTabs.has(item.id) }));

  return (
    <>
      <span ref={anchor} hidden />
      <Tabs
        label={t('deviceadmin.Sections')}
        invalidLabel={t('deviceadmin.TabInvalid')}
        tabs={tabs}
        active={tab}
        onSelect={onTab}
      />
    </>
  );
}
