import { describe, expect, it } from 'vitest';
import { RESTORE_TARGETS, restoreProblemOf } from './files.js';

describe('restoreProblemOf', () => {
  it.each([
    [RESTORE_TARGETS.config, '{"cfg":{"version":1}}', null],
    [RESTORE_TARGETS.config, '\uFEFF{"cfg":{}}', null],
    [RESTORE_TARGETS.config, '{"cfg":[]}', 'invalid_content'],
    [RESTORE_TARGETS.config, '[{"cfg":{}}]', 'invalid_content'],
    [RESTORE_TARGETS.config, '{"wifi":{}}', 'invalid_content'],
    [RESTORE_TARGETS.config, '{cfg}', 'invalid_json'],
    [RESTORE_TARGETS.pinMapping, '[{"name":"A"},{"name":"B"}]', null],
    [RESTORE_TARGETS.pinMapping, '[{"name":""}]', null],
    [RESTORE_TARGETS.pinMapping, '[{"nrf24":{}}]', 'invalid_content'],
    [RESTORE_TARGETS.pinMapping, '{"name":"A"}', 'invalid_content'],
    [RESTORE_TARGETS.pinMapping, '[]', 'invalid_content'],
    [RESTORE_TARGETS.languagePack, '{"meta":{"code":"es","name":"Español"}}', null],
    ['es.lang.json', '{"meta":{"code":"es"}}', 'invalid_content'],
    ['es.lang.json', '{"meta":{"code":"","name":"Español"}}', 'invalid_content'],
    ['es.lang.json', '{"meta":"es"}', 'invalid_content'],
    ['es.lang.json', '', 'invalid_json'],
    ['notes.txt', 'not json at all', null],
    ['other.json', 'not json either', null],
  ])('%s with %j → %s', (name, text, problem) => {
    expect(restoreProblemOf(name, text)).toBe(problem);
  });
});
