import { FILE_UPLOAD_MAX_BYTES } from '@heliodtu/contract/limits';
import { describe, expect, it } from 'vitest';
import { checkRestoreFile, restoreContentProblem, restoreFileProblem } from './restore-file';

describe('restoreContentProblem (spec §5 "Restore file")', () => {
  it.each([
    ['config', '{"cfg":{"version":1}}', null],
    ['config', '[{"cfg":{}}]', null],
    ['config', '\uFEFF{"cfg":{}}', null],
    ['config', '{"cfg":1}', 'invalid_content'],
    ['config', '{"cfg":[]}', 'invalid_content'],
    ['config', '{"cfg":null}', 'invalid_content'],
    ['config', '{"wifi":{}}', 'invalid_content'],
    ['config', '[]', 'invalid_content'],
    ['config', '[{"wifi":{}},{"cfg":{}}]', 'invalid_content'],
    ['config', '"cfg"', 'invalid_content'],
    ['pinMapping', '[{"name":"ESP32 board"}]', null],
    ['pinMapping', '{"name":"single"}', null],
    ['pinMapping', '[{"name":""}]', null],
    ['pinMapping', '[{"name":3}]', 'invalid_content'],
    ['pinMapping', '[{"nrf24":{}}]', 'invalid_content'],
    ['pinMapping', '[]', 'invalid_content'],
    ['languagePack', '{"meta":{"code":"it","name":"Italiano"}}', null],
    ['languagePack', '[{"meta":{}}]', null],
    ['languagePack', '{"meta":"it"}', 'invalid_content'],
    ['languagePack', '{"webapp":{}}', 'invalid_content'],
    ['config', '{"cfg":', 'invalid_json'],
    ['pinMapping', 'not json', 'invalid_json'],
    ['languagePack', '', 'invalid_json'],
  ] as const)('%s %j → %s', (target, text, expected) => {
    expect(restoreContentProblem(target, text)).toBe(expected);
  });

  it('checks each target by its own rule', () => {
    expect(restoreContentProblem('pinMapping', '{"cfg":{}}')).toBe('invalid_content');
    expect(restoreContentProblem('languagePack', '{"cfg":{}}')).toBe('invalid_content');
    expect(restoreContentProblem('config', '[{"name":"x"}]')).toBe('invalid_content');
  });
});

describe('restoreFileProblem', () => {
  it('says no file selected without one', () => {
    expect(restoreFileProblem(null)).toBe('no_file');
  });
  it('wants a .json name', () => {
    expect(restoreFileProblem({ name: 'config.txt', size: 10 })).toBe('wrong_type');
    expect(restoreFileProblem({ name: 'CONFIG.JSON', size: 10 })).toBeNull();
  });
  it('refuses what the gateway would refuse as too large', () => {
    expect(restoreFileProblem({ name: 'a.json', size: FILE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(restoreFileProblem({ name: 'a.json', size: FILE_UPLOAD_MAX_BYTES + 1 })).toBe(
      'too_large',
    );
  });
  it('reads the content of a picked file', async () => {
    const good = new File(['{"cfg":{}}'], 'backup.json');
    const bad = new File(['{"cfg":'], 'backup.json');
    await expect(checkRestoreFile('config', good)).resolves.toBeNull();
    await expect(checkRestoreFile('config', bad)).resolves.toBe('invalid_json');
    await expect(checkRestoreFile('config', null)).resolves.toBe('no_file');
  });
});
