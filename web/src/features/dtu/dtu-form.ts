import type { DtuConfig } from '@heliodtu/contract/dtu';
import { hzToMhz, type CmtCountryDefinition } from '@heliodtu/contract/domain/frequency';
import { dtuConfigProblems } from '@heliodtu/contract/rules/dtu-rules';
import type { FieldMessage } from '@/components/form/field-message';

/**
 * GET api/dtu/config as devices send it. `serial` is a string of hex digits on v24 and v26
 * (wire-contract §4.6), but a number on some older firmware (wire-current §2): the form takes
 * both and shows the same digits.
 */
export type DtuConfigAnswer = Omit<DtuConfig, 'serial'> & { serial: string | number };

/** The form's values: the serial as text, and how the device sent it, to post it back so. */
export type DtuFormValues = DtuConfig & { serialSentAsNumber: boolean };

export function toDtuForm(answer: DtuConfigAnswer): DtuFormValues {
  const sentAsNumber = typeof answer.serial === 'number';
  return { ...answer, serial: String(answer.serial), serialSentAsNumber: sentAsNumber };
}

/** The whole object back, the serial in the kind the device sent: it reads what it writes. */
export function toDtuRequest(values: DtuFormValues): DtuConfigAnswer {
  const { serialSentAsNumber, ...config } = values;
  return serialSentAsNumber ? { ...config, serial: Number(config.serial.trim()) } : config;
}

/** A device that sends the serial as a number reads one back: digits only, exact in a double. */
function numericSerialProblem(values: DtuFormValues): FieldMessage | undefined {
  if (!values.serialSentAsNumber) return undefined;
  const text = values.serial.trim();
  if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) return undefined;
  return { field: 'serial', key: 'dtuadmin.SerialInvalid' };
}

/** NRF24 levels 0..3 with their dBm (spec §9); the names are dtuadmin.<name> keys. */
export const NRF_LEVELS = [
  { value: 0, name: 'Min', dbm: -18 },
  { value: 1, name: 'Low', dbm: -12 },
  { value: 2, name: 'High', dbm: -6 },
  { value: 3, name: 'Max', dbm: 0 },
] as const;

/**
 * The frequency plan of the selected country as the gateway sent it in `country_def`
 * (wire-contract §4.6): the answer, not our own table, says what this device accepts.
 */
export function countryPlan(values: DtuConfig): CmtCountryDefinition | undefined {
  return values.country_def[values.cmt_country];
}

/** Spec §4: choosing a country resets the frequency to that country's default. */
export function withCountry<T extends DtuConfig>(values: T, country: number): T {
  const plan = values.country_def[country];
  return plan
    ? { ...values, cmt_country: country, cmt_frequency: plan.freq_default }
    : { ...values, cmt_country: country };
}

/** The legal band in MHz when the frequency lies outside it (spec §2: a red warning only). */
export function illegalFrequencyBand(values: DtuConfig): { min: number; max: number } | undefined {
  const plan = countryPlan(values);
  if (!plan) return undefined;
  const hz = values.cmt_frequency;
  if (hz >= plan.freq_legal_min && hz <= plan.freq_legal_max) return undefined;
  return { min: hzToMhz(plan.freq_legal_min), max: hzToMhz(plan.freq_legal_max) };
}

/** A cleared number input is NaN; say so instead of letting the rules miss it. */
function numberProblem(field: string, value: number): FieldMessage | undefined {
  if (Number.isNaN(value)) return { field, key: 'validation.Required' };
  if (!Number.isInteger(value)) return { field, key: 'validation.Integer' };
  return undefined;
}

/**
 * Form checks first (empty, fractions), then the gateway's own rules (contract dtu-rules).
 * A rule whose code text names no bound (2002 "greater than zero" also for 86401) is shown
 * with its range instead, so the message always says what to enter.
 */
export function validateDtu(values: DtuFormValues): FieldMessage[] {
  const own = [
    numericSerialProblem(values),
    numberProblem('pollinterval', values.pollinterval),
  ].filter((problem): problem is FieldMessage => problem !== undefined);
  const taken = new Set(own.map((problem) => problem.field));
  const rules = dtuConfigProblems(values)
    .filter((problem) => !taken.has(problem.field))
    .map((problem): FieldMessage => {
      if (problem.field === 'serial') return { field: 'serial', key: 'dtuadmin.SerialInvalid' };
      if (problem.limit?.min !== undefined && problem.limit.max !== undefined) {
        return { field: problem.field, key: 'validation.Range', params: problem.limit };
      }
      return problem;
    });
  return [...own, ...rules];
}
