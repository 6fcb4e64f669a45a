import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PIN_MAPPING_FILE } from '@heliodtu/contract/limits';
import {
  DEFAULT_PIN_PROFILE,
  findPinProfile,
  parsePinMappingFile,
} from '@heliodtu/contract/domain/pin-mapping-file';
import type { PinProfile } from '@heliodtu/contract/pin-mapping';

/**
 * The pins this boot runs with: the pin_mapping.json profile named in the config, else the
 * built-in pins. Read once per boot, as the device does, so after choosing another profile
 * the interface's selected-versus-active table shows the difference until the next reboot
 * (wire-contract §4.7: a profile change needs a manual reboot at this tag).
 */
export async function loadActivePins(
  dataDir: string,
  name: string,
  log: (line: string) => void,
): Promise<PinProfile> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, PIN_MAPPING_FILE), 'utf8');
  } catch {
    return DEFAULT_PIN_PROFILE;
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    log(`${PIN_MAPPING_FILE} is no valid JSON, using the built-in pins`);
    return DEFAULT_PIN_PROFILE;
  }
  const entry = findPinProfile(parsePinMappingFile(json), name);
  if (!entry) return DEFAULT_PIN_PROFILE;
  log(`Pin mapping "${name}" selected`);
  const { links: _links, ...pins } = entry;
  return pins;
}
