import { z } from 'zod';

/** Server-supplied language packs, wire-contract §4.15. */

//-- GET /api/i18n/languages

export const LanguageEntrySchema = z.object({ code: z.string().min(1), name: z.string().min(1) });
export type LanguageEntry = z.infer<typeof LanguageEntrySchema>;

export const LanguageListSchema = z.array(LanguageEntrySchema);
export type LanguageList = z.infer<typeof LanguageListSchema>;

//-- GET /api/i18n/language?code=<code>

/**
 * A `*.lang.json` pack: `meta` names it, `display` holds the device display's texts and
 * `webapp` the interface's message tree (vue-i18n syntax). Unknown keys are kept.
 */
export const LanguagePackSchema = z.looseObject({
  meta: z.looseObject({ code: z.string().min(1), name: z.string().min(1) }),
  display: z.record(z.string(), z.unknown()).optional(),
  webapp: z.record(z.string(), z.unknown()).optional(),
});
export type LanguagePack = z.infer<typeof LanguagePackSchema>;
