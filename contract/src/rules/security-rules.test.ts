import { describe, expect, it } from 'vitest';
import { SECURITY_PASSWORD } from '../limits.js';
import { passwordProblem, securityConfigProblems } from './security-rules.js';

describe('passwordProblem', () => {
  it('accepts 8 to 64 characters', () => {
    expect(passwordProblem('p'.repeat(SECURITY_PASSWORD.min))).toBeNull();
    expect(passwordProblem('p'.repeat(SECURITY_PASSWORD.max))).toBeNull();
  });

  it.each([0, 1, SECURITY_PASSWORD.min - 1, SECURITY_PASSWORD.max + 1])(
    'answers %i characters with 10001 and max 64',
    (length) => {
      expect(passwordProblem('p'.repeat(length))).toEqual({ code: 10001, param: { max: 64 } });
    },
  );

  it('counts bytes, as the device buffer does', () => {
    expect(passwordProblem('ü'.repeat(32))).toBeNull();
    expect(passwordProblem('ü'.repeat(33))).toMatchObject({ code: 10001 });
    expect(passwordProblem('üüüü')).toBeNull();
  });
});

describe('securityConfigProblems', () => {
  it('finds nothing in a valid password', () => {
    expect(securityConfigProblems({ password: 'openDTU42' })).toEqual([]);
  });

  it('names password with 10001 and max 64', () => {
    expect(securityConfigProblems({ password: 'short' })).toEqual([
      { field: 'password', code: 10001, param: { max: SECURITY_PASSWORD.max } },
    ]);
    expect(securityConfigProblems({ password: 'ü'.repeat(33) })).toHaveLength(1);
  });
});
