import type { SettingsForm } from '@/components/form/use-settings-form';
import { LED_BRIGHTNESS } from '@heliodtu/contract/limits';
import { FieldRow } from '@/components/form/field-row';
import { RangeField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { equalizeBrightness, slideBrightness } from './brightness';
import type { DeviceForm } from './device-form';

/** The equal-brightness switch and one slider per LED (spec §2 LEDs tab, §4 rule). */
export function LedsTab({ form }: { form: SettingsForm<DeviceForm> }) {
  const t = useT();
  const format = useFormat();
  const equal = form.values.equal_brightness;
  return (
    <FormSection title={t('deviceadmin.Leds')}>
      <FieldRow
        label={t('deviceadmin.EqualBrightness')}
        help={t('deviceadmin.EqualBrightnessHint')}
      >
        {(ids) => (
          <div className="form-check form-switch col-form-label">
            <input
              id={ids.inputId}
              data-field="equal_brightness"
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={equal}
              aria-describedby={ids.describedBy}
              // A derived write: switching on aligns every LED with the first one.
              onChange={(event) => {
                const on = event.target.checked;
                form.update((values) => ({
                  ...values,
                  equal_brightness: on,
                  led: on ? equalizeBrightness(values.led) : values.led,
                }));
              }}
            />
          </div>
        )}
      </FieldRow>
      {form.values.led.map((_led, index) => (
        <RangeField
          key={index}
          name={`led.${index}.brightness`}
          label={t('deviceadmin.LedBrightness', { led: index })}
          min={LED_BRIGHTNESS.min}
          max={LED_BRIGHTNESS.max}
          format={(value) => format.percent(value / 100)}
          onSlide={(value) =>
            form.update((values) => ({
              ...values,
              led: slideBrightness(values.led, index, value, values.equal_brightness),
            }))
          }
        />
      ))}
    </FormSection>
  );
}
