import { describe, expect, it } from 'vitest';
import { ApiCode, ApiCodeV26 } from '@heliodtu/contract/codes';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fr from '@/locales/fr.json';
import { apiResultText } from './api-result-text';
import { createTranslator, lookup, type Messages } from './catalog';
import { pluralForms } from './message-format';

describe('createTranslator', () => {
  it('falls back to en per key, silently, and to the key itself', () => {
    const t = createTranslator({ menu: { Settings: 'Réglages' } });
    expect(t('menu.Settings')).toBe('Réglages');
    expect(t('menu.About')).toBe('About');
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it('resolves links through the fallback too', () => {
    const t = createTranslator({ maintenancereboot: { Cancel: '@:base.Cancel' } });
    expect(t('maintenancereboot.Cancel')).toBe('Cancel');
  });

  it('reads a subtree key as missing', () => {
    expect(lookup({ a: { b: 'x' } }, 'a')).toBeUndefined();
    expect(lookup({ a: { b: 'x' } }, 'a.b.c')).toBeUndefined();
  });
});

describe('plural texts', () => {
  const catalogues: [string, Messages][] = [
    ['en', en],
    ['de', de],
    ['fr', fr],
  ];
  // Every plural message of the three catalogues at 0, 1 and 2.
  const expected: Record<string, Record<string, [string, string, string]>> = {
    en: {
      'powercontrol.PausedFor': [
        'Control resumes in 0 minutes.',
        'Control resumes in 1 minute.',
        'Control resumes in 2 minutes.',
      ],
      'powercontrol.SentenceWaitingConfirm': [
        'New limits were sent: waiting for the inverters to confirm them, then for newer live data and a newer meter reading before the next change.',
        'A new limit was sent: waiting for the inverter to confirm it, then for newer live data and a newer meter reading before the next change.',
        'New limits were sent: waiting for the inverters to confirm them, then for newer live data and a newer meter reading before the next change.',
      ],
      'home.Seconds': ['0 seconds', '1 second', '2 seconds'],
      'mqttinfo.Seconds': ['0 seconds', '1 second', '2 seconds'],
      'firmwareinfo.UptimeValue': ['0 days 01:02', '1 day 01:02', '2 days 01:02'],
      'login.TooManyTries': [
        'Too many failed tries; try again in 0 minutes.',
        'Too many failed tries; try again in 1 minute.',
        'Too many failed tries; try again in 2 minutes.',
      ],
      'devices.FoundByTopics': [
        'Found the OpenDTU "Cottage" on the broker, with 0 inverters.',
        'Found the OpenDTU "Cottage" on the broker, with 1 inverter.',
        'Found the OpenDTU "Cottage" on the broker, with 2 inverters.',
      ],
      'devices.FoundByTopicsNoName': [
        'Found an OpenDTU on the broker (it publishes no host name), with 0 inverters.',
        'Found an OpenDTU on the broker (it publishes no host name), with 1 inverter.',
        'Found an OpenDTU on the broker (it publishes no host name), with 2 inverters.',
      ],
    },
    de: {
      'powercontrol.PausedFor': [
        'Die Regelung übernimmt wieder in 0 Minuten.',
        'Die Regelung übernimmt wieder in 1 Minute.',
        'Die Regelung übernimmt wieder in 2 Minuten.',
      ],
      'powercontrol.SentenceWaitingConfirm': [
        'Neue Limits wurden gesendet: Warte, bis die Wechselrichter sie bestätigen, dann auf neuere Live-Daten und einen neueren Zählerwert vor der nächsten Änderung.',
        'Ein neues Limit wurde gesendet: Warte, bis der Wechselrichter es bestätigt, dann auf neuere Live-Daten und einen neueren Zählerwert vor der nächsten Änderung.',
        'Neue Limits wurden gesendet: Warte, bis die Wechselrichter sie bestätigen, dann auf neuere Live-Daten und einen neueren Zählerwert vor der nächsten Änderung.',
      ],
      'home.Seconds': ['0 Sekunden', '1 Sekunde', '2 Sekunden'],
      'mqttinfo.Seconds': ['0 Sekunden', '1 Sekunde', '2 Sekunden'],
      'firmwareinfo.UptimeValue': ['0 Tage 01:02', '1 Tag 01:02', '2 Tage 01:02'],
      'login.TooManyTries': [
        'Zu viele Fehlversuche; bitte in 0 Minuten erneut versuchen.',
        'Zu viele Fehlversuche; bitte in 1 Minute erneut versuchen.',
        'Zu viele Fehlversuche; bitte in 2 Minuten erneut versuchen.',
      ],
      'devices.FoundByTopics': [
        'OpenDTU „Cottage“ am Broker gefunden, mit 0 Wechselrichtern.',
        'OpenDTU „Cottage“ am Broker gefunden, mit 1 Wechselrichter.',
        'OpenDTU „Cottage“ am Broker gefunden, mit 2 Wechselrichtern.',
      ],
      'devices.FoundByTopicsNoName': [
        'Ein OpenDTU am Broker gefunden (ohne veröffentlichten Hostnamen), mit 0 Wechselrichtern.',
        'Ein OpenDTU am Broker gefunden (ohne veröffentlichten Hostnamen), mit 1 Wechselrichter.',
        'Ein OpenDTU am Broker gefunden (ohne veröffentlichten Hostnamen), mit 2 Wechselrichtern.',
      ],
    },
    fr: {
      'powercontrol.PausedFor': [
        'La régulation reprend dans 0 minute.',
        'La régulation reprend dans 1 minute.',
        'La régulation reprend dans 2 minutes.',
      ],
      'powercontrol.SentenceWaitingConfirm': [
        "Une nouvelle limite a été envoyée : attente de sa confirmation par l'onduleur, puis de données en direct et d'une mesure du compteur plus récentes avant le prochain changement.",
        "Une nouvelle limite a été envoyée : attente de sa confirmation par l'onduleur, puis de données en direct et d'une mesure du compteur plus récentes avant le prochain changement.",
        "De nouvelles limites ont été envoyées : attente de leur confirmation par les onduleurs, puis de données en direct et d'une mesure du compteur plus récentes avant le prochain changement.",
      ],
      'home.Seconds': ['0 seconde', '1 seconde', '2 secondes'],
      'mqttinfo.Seconds': ['0 seconde', '1 seconde', '2 secondes'],
      'firmwareinfo.UptimeValue': ['0 jour 01:02', '1 jour 01:02', '2 jours 01:02'],
      'login.TooManyTries': [
        "Trop d'essais échoués ; réessayez dans 0 minute.",
        "Trop d'essais échoués ; réessayez dans 1 minute.",
        "Trop d'essais échoués ; réessayez dans 2 minutes.",
      ],
      'devices.FoundByTopics': [
        'OpenDTU « Cottage » trouvé sur le broker, avec 0 onduleur.',
        'OpenDTU « Cottage » trouvé sur le broker, avec 1 onduleur.',
        'OpenDTU « Cottage » trouvé sur le broker, avec 2 onduleurs.',
      ],
      'devices.FoundByTopicsNoName': [
        "Un OpenDTU trouvé sur le broker (il ne publie pas de nom d'hôte), avec 0 onduleur.",
        "Un OpenDTU trouvé sur le broker (il ne publie pas de nom d'hôte), avec 1 onduleur.",
        "Un OpenDTU trouvé sur le broker (il ne publie pas de nom d'hôte), avec 2 onduleurs.",
      ],
    },
  };

  function pluralKeys(messages: Messages, prefix = ''): string[] {
    return Object.entries(messages).flatMap(([key, value]) => {
      if (typeof value !== 'string') return pluralKeys(value, `${prefix}${key}.`);
      return pluralForms(value).length > 1 ? [`${prefix}${key}`] : [];
    });
  }

  it.each(catalogues)('%s: every plural reads right at 0, 1 and 2', (locale, messages) => {
    expect(pluralKeys(messages).sort()).toEqual(Object.keys(expected[locale] ?? {}).sort());
    const t = createTranslator(messages, {}, locale);
    for (const [key, forms] of Object.entries(expected[locale] ?? {})) {
      const texts = [0, 1, 2].map((n) =>
        t(
          key,
          { sec: n, val: n, days: n, minutes: n, count: n, hostname: 'Cottage', time: '01:02' },
          n,
        ),
      );
      expect(texts, key).toEqual(forms);
    }
  });

  it('chooses by the language of the catalogue that has the message, en for a fallback', () => {
    const t = createTranslator({ a: { Days: '{n} jour | {n} jours' } }, en, 'fr');
    expect(t('a.Days', undefined, 0)).toBe('0 jour');
    expect(t('mqttinfo.Seconds', { sec: 0 }, 0)).toBe('0 seconds');
  });
});

describe('apiresponse texts', () => {
  // The reference's codes and those current firmware added (wire-current §3).
  const codes = Object.entries({ ...ApiCode, ...ApiCodeV26 })
    .filter(([name]) => !name.endsWith('Base'))
    .map(([, code]) => code);

  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
  ] as [string, Messages][])('%s has its own text for every result code', (_locale, messages) => {
    // No fallback here: each catalogue must carry every code itself.
    const t = createTranslator(messages, {});
    for (const code of codes) {
      expect(lookup(messages, `apiresponse.${code}`), String(code)).toBeDefined();
      const text = apiResultText(t, { code, param: { min: 5, max: 65535 } });
      expect(text, String(code)).not.toMatch(/^$|[{}]|apiresponse|@:/);
    }
  });

  it('uses the device message when the code is absent or unknown', () => {
    const t = createTranslator({});
    expect(apiResultText(t, { message: 'SSID too long' })).toBe('SSID too long');
    expect(apiResultText(t, { code: 99999, message: 'Strange' })).toBe('Strange');
    expect(apiResultText(t, { code: 5002, param: { max: 2250 } })).toBe(
      'The limit must be between 1 and 2250.',
    );
  });
});
