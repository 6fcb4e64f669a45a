import { describe, expect, it } from 'vitest';
import { exportControlConfigProblems } from '@heliodtu/contract/rules/export-control-rules';
import { gridMeterConfigProblems } from '@heliodtu/contract/rules/grid-meter-rules';
import { controlConfig, meterConfig } from '@/testing/power-samples';
import { toControlForm, toControlRequest, validateControl } from './control-form';
import { toMeterForm, toMeterRequest, validateMeter } from './meter-form';

// The forms refuse before sending whatever the gateway's own rules would refuse: one field's
// problem never reaches the gateway to come back as a 400.

const fieldsOf = (problems: readonly { field: string }[]) => problems.map((p) => p.field).sort();

describe('Power control forms and the gateway rules', () => {
  it('the control form refuses what the rules refuse, e.g. a fallback above the upper limit', () => {
    const form = toControlForm(controlConfig());
    const [first] = form.inverters;
    if (!first) throw new Error('the sample governs no inverter');
    form.inverters[0] = { ...first, upper_w: 600, fallback_w: 700, restore_w: 650 };
    form.window = { enabled: true, start: '10:00', end: '10:00' };
    const rules = fieldsOf(exportControlConfigProblems(toControlRequest(form)));
    expect(rules).toEqual(['inverters.0.fallback_w', 'inverters.0.restore_w', 'window.end']);
    const shown = fieldsOf(validateControl(form));
    for (const field of rules) expect(shown).toContain(field);
    expect(validateControl(toControlForm(controlConfig()))).toEqual([]);
  });

  it('the meter form refuses what the rules refuse, e.g. a topic with a wildcard', () => {
    const form = toMeterForm({ ...meterConfig(), source: 'mqtt' });
    form.mqtt.topics = ['shellies/+/em:0', '', ''];
    const rules = fieldsOf(gridMeterConfigProblems(toMeterRequest(form)));
    expect(rules).toContain('mqtt.topics.0');
    const shown = fieldsOf(validateMeter(form));
    for (const field of rules) expect(shown).toContain(field);
  });

  it('on a companion the meter form asks for the broker an MQTT meter is read through', () => {
    const form = toMeterForm({ ...meterConfig(), source: 'mqtt', companion: true });
    form.mqtt.topics = ['shellies/em/status/em:0', '', ''];
    form.broker.url = '';
    const rules = fieldsOf(gridMeterConfigProblems(toMeterRequest(form), { companion: true }));
    expect(rules).toEqual(['broker.url']);
    expect(validateMeter(form, { companion: true })).toContainEqual({
      field: 'broker.url',
      key: 'powercontrol.BrokerRequired',
    });
    // A simulated gateway reads it through its own MQTT: no broker needed there.
    expect(validateMeter(form, { companion: false })).toEqual([]);
  });
});
