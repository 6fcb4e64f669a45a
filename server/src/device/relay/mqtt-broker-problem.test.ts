import { describe, expect, it } from 'vitest';
import { brokerConnectionProblem, type BrokerProblemContext } from './mqtt-broker-problem.js';

const broker = 'mqtt://broker.lan:1883';
const otherwise = { code: 'connection-lost', message: 'the connection was lost' } as const;
const context = (hasPassword: boolean): BrokerProblemContext => ({
  broker,
  hasPassword,
  loginAdvice: 'check the login',
  connected: false,
  otherwise,
});
/** An error as mqtt.js and node hand it over: a CONNACK return code or an errno code. */
const failure = (code: number | string) => Object.assign(new Error('failed'), { code });

describe('brokerConnectionProblem: a broker connection error as the device problem', () => {
  it.each([4, 5, 134, 135])('CONNACK %i: a refused login, wrong or missing password', (code) => {
    const refused = `the broker ${broker} refused the login (check the login)`;
    expect(brokerConnectionProblem(failure(code), context(true))).toEqual({
      code: 'wrong-password',
      message: refused,
    });
    expect(brokerConnectionProblem(failure(code), context(false))).toEqual({
      code: 'password-needed',
      message: refused,
    });
  });

  it('ECONNREFUSED: nothing listens at the broker’s port', () => {
    expect(brokerConnectionProblem(failure('ECONNREFUSED'), context(true))).toEqual({
      code: 'refused',
      message: `the broker ${broker} refused the connection`,
    });
  });

  it.each(['ENOTFOUND', 'EAI_AGAIN'])('%s: the broker’s name is not known', (code) => {
    expect(brokerConnectionProblem(failure(code), context(true))).toEqual({
      code: 'dns',
      message: `the broker's name in ${broker} is not known`,
    });
  });

  it.each([
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_SSL_WRONG_VERSION_NUMBER',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('%s: TLS with the broker failed, said as such', (code) => {
    expect(brokerConnectionProblem(failure(code), context(true))).toMatchObject({ code: 'tls' });
  });

  it('anything else, or no error at all: the caller’s own problem', () => {
    for (const error of [failure('EHOSTUNREACH'), failure(3), new Error('closed'), undefined]) {
      expect(brokerConnectionProblem(error, context(true))).toBe(otherwise);
    }
  });
});
