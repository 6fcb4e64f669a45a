import { describe, expect, it } from 'vitest';
import { formatMessage, pluralForms, pluralIndex } from './message-format';

const messages: Record<string, string> = {
  'base.Save': 'Save',
  'base.Cancel': 'Cancel',
  'a.loop': '@:a.loop',
  'a.name': 'Name {name}',
};
const resolve = (key: string) => messages[key];
const format = (message: string, params?: Record<string, unknown> | unknown[], count?: number) =>
  formatMessage(message, { params, count, resolve });

describe('placeholders', () => {
  it('fills named and list placeholders, spaces inside the braces allowed', () => {
    expect(format('Between {min} and { max } kHz', { min: 863, max: 870 })).toBe(
      'Between 863 and 870 kHz',
    );
    expect(format('DNS {0} of {1}', [1, 2])).toBe('DNS 1 of 2');
  });

  it('renders a missing parameter as nothing, a literal as itself', () => {
    expect(format('Value: {missing}.')).toBe('Value: .');
    expect(format("Mail {'@'} and {'{'}brace")).toBe('Mail @ and {brace');
  });

  it('leaves an unclosed brace as text', () => {
    expect(format('open { brace')).toBe('open { brace');
  });
});

describe('plural forms', () => {
  it('splits at | outside braces only', () => {
    expect(pluralForms('a | b | c')).toEqual(['a', 'b', 'c']);
    expect(pluralForms("x {'|'} y")).toEqual(["x {'|'} y"]);
  });

  it('chooses like vue-i18n: two forms are one | many, three are zero | one | many', () => {
    expect([0, 1, 2, 5].map((n) => pluralIndex(n, 2))).toEqual([1, 0, 1, 1]);
    expect([0, 1, 2, 5].map((n) => pluralIndex(n, 3))).toEqual([0, 1, 2, 2]);
  });

  it("takes the singular where the message's language does: 0 and 1 in French, 1 in English and German", () => {
    expect([0, 1, 2, 1.5].map((n) => pluralIndex(n, 2, 'fr'))).toEqual([0, 0, 1, 0]);
    expect([0, 1, 2, 1.5].map((n) => pluralIndex(n, 2, 'de'))).toEqual([1, 0, 1, 1]);
    expect([0, 1, 2, 1.5].map((n) => pluralIndex(n, 2, 'en'))).toEqual([1, 0, 1, 1]);
    // Three forms keep the author's own zero form.
    expect([0, 1, 2].map((n) => pluralIndex(n, 3, 'fr'))).toEqual([0, 1, 2]);
  });

  it('keeps 1 singular for a language without a singular, and reads an unknown code like vue-i18n', () => {
    expect([0, 1, 2].map((n) => pluralIndex(n, 2, 'zh'))).toEqual([1, 0, 1]);
    expect([0, 1, 2].map((n) => pluralIndex(n, 2, 'qq'))).toEqual([1, 0, 1]);
    expect([0, 1, 2].map((n) => pluralIndex(n, 2, 'not a tag'))).toEqual([1, 0, 1]);
  });

  it('offers the count as {count} and {n}', () => {
    const days = 'no days | one day | {count} days';
    expect(format(days, undefined, 0)).toBe('no days');
    expect(format(days, undefined, 1)).toBe('one day');
    expect(format(days, undefined, 4)).toBe('4 days');
    expect(format('{n} item | {n} items', undefined, 3)).toBe('3 items');
    expect(format('0 Tage {time} | 1 Tag {time} | {count} Tage {time}', { time: '01:02' }, 3)).toBe(
      '3 Tage 01:02',
    );
  });

  it('shows the first form without a count', () => {
    expect(format('one | many')).toBe('one');
  });
});

describe('links', () => {
  it('resolves @:key, @:(key) and modifiers', () => {
    expect(format('@:base.Save')).toBe('Save');
    expect(format('Press @:(base.Save) now')).toBe('Press Save now');
    expect(format('@.lower:base.Cancel or @.upper:base.Save')).toBe('cancel or SAVE');
    expect(format('@.capitalize:base.Save!')).toBe('Save!');
  });

  it('passes parameters into linked messages', () => {
    expect(format('@:a.name', { name: 'HM-800' })).toBe('Name HM-800');
  });

  it('shows the key of a missing link and stops a link cycle', () => {
    expect(format('@:does.not.exist')).toBe('does.not.exist');
    expect(format('@:a.loop')).toBe('a.loop');
  });

  it('keeps an @ that starts no link', () => {
    expect(format('mail me @ home')).toBe('mail me @ home');
  });
});
