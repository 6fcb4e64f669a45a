import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { FieldMessage } from './field-message';
import { getAtPath, setAtPath } from './form-path';

export interface SettingsForm<T> {
  values: T;
  /** Sets one value by its dotted path; the field counts as touched. */
  setValue(path: string, value: unknown): void;
  /** Replaces several values at once (derived writes: country → frequency, equal brightness). */
  update(change: (values: T) => T): void;
  /** Messages to show now: every problem after a submit, else only those of touched fields. */
  messageFor(path: string): FieldMessage | undefined;
  touch(path: string): void;
  /** All current problems, shown or not. */
  problems: readonly FieldMessage[];
  /** Marks the form submitted; true when nothing is wrong. Focuses the first invalid input. */
  trySubmit(): boolean;
}

interface Options<T> {
  initial: T;
  /** The same pure rules the gateway runs (contract/rules), plus form-only checks. */
  validate?: (values: T) => readonly FieldMessage[];
}

/**
 * State of one settings form (architecture §6.6): values, validation on every change, and when
 * to show it. Hand-written instead of react-hook-form: our rules are plain functions over the
 * whole object, and the forms are small enough that re-rendering on a keystroke costs nothing.
 */
export function useSettingsForm<T>({ initial, validate }: Options<T>): SettingsForm<T> {
  // A new start (reload, cancel, after a save) remounts the form: see ConfigFormPage's key.
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const problems = useMemo(() => validate?.(values) ?? [], [validate, values]);

  const touch = useCallback((path: string) => {
    setTouched((current) => (current.has(path) ? current : new Set(current).add(path)));
  }, []);
  const setValue = useCallback(
    (path: string, value: unknown) => {
      setValues((current) => setAtPath(current, path, value));
      touch(path);
    },
    [touch],
  );
  const messageFor = useCallback(
    (path: string) =>
      submitted || touched.has(path) ? problems.find((p) => p.field === path) : undefined,
    [problems, submitted, touched],
  );
  const trySubmit = useCallback(() => {
    setSubmitted(true);
    const first = problems[0];
    if (!first) return true;
    // After React shows the messages: bring the first wrong input into view for the user.
    window.setTimeout(() => {
      const input = document.querySelector<HTMLElement>(`[data-field="${first.field}"]`);
      input?.focus();
    });
    return false;
  }, [problems]);

  return {
    values,
    setValue,
    update: setValues,
    messageFor,
    touch,
    problems,
    trySubmit,
  };
}

export const FormContext = createContext<SettingsForm<unknown> | null>(null);

/** The form a field belongs to; fields only work inside `<FormProvider>`. */
export function useFormContext(): SettingsForm<unknown> {
  const form = useContext(FormContext);
  if (!form) throw new Error('A form field needs a FormProvider around it');
  return form;
}

/** One field's value, setter and message, by its dotted path. */
export function useField<V>(path: string) {
  const form = useFormContext();
  return {
    value: getAtPath(form.values, path) as V,
    setValue: (value: V) => form.setValue(path, value),
    onBlur: () => form.touch(path),
    message: form.messageFor(path),
  };
}
