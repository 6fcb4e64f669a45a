import type { EventLogLocale } from '@heliodtu/contract/event-log';

/**
 * Event texts by id in en/de/fr (inverter-domain §4.3). These are wire strings: the API returns
 * them verbatim. A missing translation falls back to English; HMT units have their own text for
 * a few ids.
 */

type Texts = readonly [en: string, de?: string, fr?: string];

const NO_INPUT = (n: number): Texts => [
  `PV-${n}: No input`,
  `PV-${n}: Kein Eingang`,
  `PV-${n}: Aucune entrée`,
];
const MPPT = (m: string, what: 'over' | 'under'): Texts =>
  what === 'over'
    ? [
        `MPPT-${m}: Input overvoltage`,
        `MPPT-${m}: Eingangsüberspannung`,
        `MPPT-${m}: Surtension d’entrée`,
      ]
    : [
        `MPPT-${m}: Input undervoltage`,
        `MPPT-${m}: Eingangsunterspannung`,
        `MPPT-${m}: Sous-tension d’entrée`,
      ];
const PV = (n: number, what: 'over' | 'under'): Texts =>
  what === 'over'
    ? [
        `PV-${n}: Input overvoltage`,
        `PV-${n}: Eingangsüberspannung`,
        `PV-${n}: Surtension d’entrée`,
      ]
    : [
        `PV-${n}: Input undervoltage`,
        `PV-${n}: Eingangsunterspannung`,
        `PV-${n}: Sous-tension d’entrée`,
      ];
const SHADOW = (n: number): Texts => [`PV-${n}: Module in suspected shadow`];

const MESSAGES: ReadonlyMap<number, Texts> = new Map<number, Texts>([
  [1, ['Inverter start', 'Wechselrichter gestartet', "L'onduleur a démarré"]],
  [2, ['Time calibration', 'Zeitabgleich']],
  [3, ['EEPROM reading and writing error during operation']],
  [4, ['Offline', 'Offline', 'Non connecté']],
  [11, ['Grid voltage surge', 'Netz: Überspannungsimpuls']],
  [12, ['Grid voltage sharp drop', 'Netz: Spannungseinbruch']],
  [13, ['Grid frequency mutation', 'Netz: Frequenzänderung']],
  [14, ['Grid phase mutation', 'Netz: Phasenänderung']],
  [15, ['Grid transient fluctuation', 'Netz: vorübergehende Schwankung']],
  [36, ['INV overvoltage or overcurrent']],
  [46, ['FB overvoltage', 'FB Überspannung']],
  [47, ['FB overcurrent', 'FB Überstrom']],
  [48, ['FB clamp overvoltage']],
  [49, ['FB clamp overvoltage']],
  [61, ['Calibration parameter error']],
  [62, ['System configuration parameter error']],
  [63, ['Abnormal power generation data']],
  [71, ['Grid overvoltage load reduction (VW) function enable']],
  [72, ['Power grid over-frequency load reduction (FW) function enable']],
  [73, ['Over-temperature load reduction (TW) function enable']],
  [95, SHADOW(1)],
  [96, SHADOW(2)],
  [97, SHADOW(3)],
  [98, SHADOW(4)],
  [121, ['Over temperature protection', 'Übertemperaturschutz', 'Protection antisurchauffe']],
  [122, ['Microinverter is suspected of being stolen']],
  [123, ['Locked by remote control']],
  [
    124,
    ['Shut down by remote control', 'Durch Fernsteuerung abgeschaltet', 'Arrêt par télécommande'],
  ],
  [
    125,
    [
      'Grid configuration parameter error',
      'Parameterfehler bei der Konfiguration des Elektrizitätsnetzes',
      'Erreur de paramètre de configuration du réseau',
    ],
  ],
  [126, ['Software error code 126']],
  [127, ['Firmware error', 'Firmwarefehler', 'Erreur du micrologiciel']],
  [128, ['Hardware configuration error']],
  [129, ['Abnormal bias', 'Abnormaler Trend', 'Polarisation anormale']],
  [130, ['Offline', 'Offline', 'Non connecté']],
  [141, ['Grid: Grid overvoltage', 'Netz: Netzüberspannung', 'Réseau: Surtension du réseau']],
  [
    142,
    [
      'Grid: 10 min value grid overvoltage',
      'Netz: 10 Minuten-Mittelwert der Netzüberspannung',
      'Réseau: Valeur de surtension du réseau pendant 10 min',
    ],
  ],
  [143, ['Grid: Grid undervoltage', 'Netz: Netzunterspannung', 'Réseau: Sous-tension du réseau']],
  [144, ['Grid: Grid overfrequency', 'Netz: Netzüberfrequenz', 'Réseau: Surfréquence du réseau']],
  [
    145,
    ['Grid: Grid underfrequency', 'Netz: Netzunterfrequenz', 'Réseau: Sous-fréquence du réseau'],
  ],
  [
    146,
    [
      'Grid: Rapid grid frequency change rate',
      'Netz: Schnelle Wechselrate der Netzfrequenz',
      'Réseau: Taux de fluctuation rapide de la fréquence du réseau',
    ],
  ],
  [
    147,
    [
      'Grid: Power grid outage',
      'Netz: Elektrizitätsnetzausfall',
      'Réseau: Panne du réseau électrique',
    ],
  ],
  [148, ['Grid: Grid disconnection', 'Netz: Netztrennung', 'Réseau: Déconnexion du réseau']],
  [149, ['Grid: Island detected', 'Netz: Inselbetrieb festgestellt', 'Réseau: Détection d’îlots']],
  [150, ['DCI exceeded']],
  [152, ['Grid: Phase angle difference between two phases exceeded 5° >10 times']],
  [181, ['Abnormal insulation impedance']],
  [182, ['Abnormal grounding']],
  [205, MPPT('A', 'over')],
  [206, MPPT('B', 'over')],
  [207, MPPT('A', 'under')],
  [208, MPPT('B', 'under')],
  [209, NO_INPUT(1)],
  [210, NO_INPUT(2)],
  [211, NO_INPUT(3)],
  [212, NO_INPUT(4)],
  [
    213,
    [
      'MPPT-A: PV-1 & PV-2 abnormal wiring',
      'MPPT-A: Verdrahtungsfehler bei PV-1 und PV-2',
      'MPPT-A: Câblages photovoltaïques 1 et 2 anormaux',
    ],
  ],
  [
    214,
    [
      'MPPT-B: PV-3 & PV-4 abnormal wiring',
      'MPPT-B: Verdrahtungsfehler bei PV-3 und PV-4',
      'MPPT-B: Câblages photovoltaïques 3 et 4 anormaux',
    ],
  ],
  [215, PV(1, 'over')],
  [216, PV(1, 'under')],
  [217, PV(2, 'over')],
  [218, PV(2, 'under')],
  [219, PV(3, 'over')],
  [220, PV(3, 'under')],
  [221, PV(4, 'over')],
  [222, PV(4, 'under')],
]);

/** Texts that replace the generic ones on HMT (three-phase) units. */
const HMT_MESSAGES: ReadonlyMap<number, Texts> = new Map<number, Texts>([
  [171, ['Grid: Abnormal phase difference between phase to phase']],
  [215, MPPT('C', 'over')],
  [216, MPPT('C', 'under')],
  [217, ['PV-5: No input', 'PV-5: Kein  Eingang', 'PV-5: Aucune entrée']],
  [218, NO_INPUT(6)],
  [219, ['MPPT-C: PV-5 & PV-6 abnormal wiring']],
  [221, ['Abnormal wiring of grid neutral line']],
]);

const UNKNOWN: Record<EventLogLocale, string> = { en: 'Unknown', de: 'Unbekannt', fr: 'Inconnu' };
const INDEX: Record<EventLogLocale, 0 | 1 | 2> = { en: 0, de: 1, fr: 2 };

/** The text of an event id in a locale (inverter-domain §4.1, §4.3). */
export function eventMessage(id: number, locale: EventLogLocale, hmt = false): string {
  const texts = (hmt ? HMT_MESSAGES.get(id) : undefined) ?? MESSAGES.get(id);
  if (!texts) return UNKNOWN[locale];
  return texts[INDEX[locale]] ?? texts[0];
}
