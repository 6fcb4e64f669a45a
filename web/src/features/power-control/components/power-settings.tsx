import { useMemo, useState } from 'react';
import type { CompanionDevice } from '@heliodtu/contract/companion';
import type { PowerSettingsResult } from '@heliodtu/contract/grid-meter';
import type { LiveDataStatus } from '@heliodtu/contract/live-data';
import { Spinner } from '@/components/ui/spinner';
import { useCompanionDevices } from '@/lib/companion-status';
import { refreshGridMeter } from '@/lib/grid-meter-store';
import { useT } from '@/lib/i18n/use-t';
import {
  useExportControlConfig,
  useGridMeterConfig,
  useInverterList,
  useSaveExportControlConfig,
  useSaveGridMeterConfig,
} from '../api/power-control-api';
import { toControlForm, toControlRequest, validateControl } from '../control-form';
import { METER_FIELD_KEYS, toMeterForm, toMeterRequest, validateMeter } from '../meter-form';
import { ControlFields } from './control-settings';
import { MeterFields } from './meter-settings';
import type { Candidate } from './governed-picker';
import { ResultForm, SaveResult } from './result-form';

/**
 * Every inverter of every device, from the live data: on a companion with several devices each
 * carries its device; with one, that device; on the simulated gateway 'local'.
 */
export function candidatesOf(
  live: LiveDataStatus | undefined,
  devices: readonly CompanionDevice[] | null,
): Candidate[] {
  const several = (devices?.length ?? 0) > 1;
  return (live?.inverters ?? []).map((inverter) => {
    const device = inverter.dtu ?? devices?.[0]?.id ?? 'local';
    return {
      device,
      serial: inverter.serial,
      name: inverter.name,
      deviceName: several ? (devices?.find((d) => d.id === device)?.name ?? device) : null,
      limitW: inverter.limit_absolute,
    };
  });
}

/** The admin's part of the screen: the meter's settings and export control's, each saved alone. */
export function PowerSettings() {
  const t = useT();
  const meter = useGridMeterConfig(true);
  const control = useExportControlConfig(true);
  const live = useInverterList(true);
  const { devices } = useCompanionDevices();
  const saveMeter = useSaveGridMeterConfig();
  const saveControl = useSaveExportControlConfig();
  const [meterResult, setMeterResult] = useState<PowerSettingsResult | null>(null);
  const [controlResult, setControlResult] = useState<PowerSettingsResult | null>(null);
  const meterConfig = meter.data;
  const candidates = useMemo(() => candidatesOf(live.data, devices), [live.data, devices]);
  return (
    <section aria-labelledby="power-settings">
      <h2 className="h5" id="power-settings">
        {t('powercontrol.Settings')}
      </h2>
      {(meter.isPending || control.isPending) && <Spinner label={t('base.Loading')} />}
      {meter.isError && (
        <div className="alert alert-warning" role="alert">
          {t('powercontrol.MeterSettingsFailed')}
        </div>
      )}
      <SaveResult result={meterResult} onDismiss={() => setMeterResult(null)} />
      {meterConfig && (
        <ResultForm
          key={`meter-${meter.dataUpdatedAt}`}
          testId="meter-settings"
          initial={toMeterForm(meterConfig)}
          validate={(values) => validateMeter(values, meterConfig)}
          fieldKeys={METER_FIELD_KEYS}
          busy={saveMeter.isPending || meter.isFetching}
          onCancel={() => void meter.refetch()}
          onSave={async (values) => {
            setMeterResult(null);
            const answer = await saveMeter.mutateAsync(toMeterRequest(values));
            setMeterResult(answer);
            if (answer.ok) void refreshGridMeter();
            return answer;
          }}
        >
          {(form) => <MeterFields form={form} config={meterConfig} />}
        </ResultForm>
      )}
      {control.isError && (
        <div className="alert alert-warning" role="alert">
          {t('powercontrol.ControlSettingsFailed')}
        </div>
      )}
      <SaveResult result={controlResult} onDismiss={() => setControlResult(null)} />
      {control.data && (
        <ResultForm
          key={`control-${control.dataUpdatedAt}`}
          testId="control-settings"
          initial={toControlForm(control.data)}
          validate={validateControl}
          fieldKeys={{}}
          busy={saveControl.isPending || control.isFetching}
          onCancel={() => void control.refetch()}
          onSave={async (values) => {
            setControlResult(null);
            const answer = await saveControl.mutateAsync(toControlRequest(values));
            setControlResult(answer);
            return answer;
          }}
        >
          {(form) => <ControlFields form={form} candidates={candidates} />}
        </ResultForm>
      )}
    </section>
  );
}
