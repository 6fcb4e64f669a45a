import { describe, expect, it } from 'vitest';
import { AP_TIMEOUT, HOSTNAME_MAX, WIFI_PASSWORD_MAX, WIFI_SSID_MAX } from '../limits.js';
import { NETWORK_WARNINGS, isValidIpv4, type NetworkConfigData } from '../network.js';
import { networkConfigFixture } from '../fixtures/network-config.js';
import {
  networkConfigProblem,
  networkConfigProblems,
  normalizeIpv4,
  syslogProblems,
} from './network-rules.js';

const valid: NetworkConfigData = {
  ...networkConfigFixture,
  ssid: 'home',
  password: 'secret-wifi',
};
const check = (change: Partial<NetworkConfigData>) => networkConfigProblem({ ...valid, ...change });

describe('isValidIpv4', () => {
  it.each(['0.0.0.0', '192.168.1.10', '255.255.255.0', '10.0.0.1', '010.001.0.1'])(
    'accepts %s',
    (ip) => expect(isValidIpv4(ip)).toBe(true),
  );
  it.each([
    '',
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '1.2.3.-4',
    '1.2.3.4 ',
    'a.b.c.d',
    '1..2.3',
    '1.2.3.1000',
  ])('rejects %j', (ip) => expect(isValidIpv4(ip)).toBe(false));
});

describe('normalizeIpv4', () => {
  it('prints octets without leading zeros', () => {
    expect(normalizeIpv4('010.001.000.1')).toBe('10.1.0.1');
    expect(normalizeIpv4('192.168.1.2')).toBe('192.168.1.2');
  });
});

describe('networkConfigProblem', () => {
  it('passes a valid config, including an empty SSID and the bounds themselves', () => {
    expect(check({})).toBeNull();
    expect(check({ ssid: '' })).toBeNull();
    expect(check({ ssid: 's'.repeat(WIFI_SSID_MAX) })).toBeNull();
    expect(check({ password: 'p'.repeat(WIFI_PASSWORD_MAX) })).toBeNull();
    expect(check({ hostname: 'h'.repeat(HOSTNAME_MAX) })).toBeNull();
    expect(check({ aptimeout: AP_TIMEOUT.max })).toBeNull();
    expect(check({ aptimeout: AP_TIMEOUT.min })).toBeNull();
  });

  it.each([
    ['ipaddress', 8001],
    ['netmask', 8002],
    ['gateway', 8003],
    ['dns1', 8004],
    ['dns2', 8005],
  ] as const)('answers an invalid %s with %i, even with DHCP on', (field, code) => {
    expect(check({ [field]: '300.1.1.1', dhcp: true })).toEqual({ code });
    expect(check({ [field]: '', dhcp: false })).toEqual({ code });
  });

  it('checks the IP fields in order: ipaddress first', () => {
    expect(check({ ipaddress: 'x', dns2: 'y' })).toEqual({ code: 8001 });
    expect(check({ netmask: 'x', dns2: 'y' })).toEqual({ code: 8002 });
  });

  it('answers hostname, SSID and password lengths with the code-less warnings', () => {
    expect(check({ hostname: '' })).toEqual({ message: NETWORK_WARNINGS.hostname });
    expect(check({ hostname: 'h'.repeat(HOSTNAME_MAX + 1) })).toEqual({
      message: NETWORK_WARNINGS.hostname,
    });
    expect(check({ ssid: 's'.repeat(WIFI_SSID_MAX + 1) })).toEqual({
      message: NETWORK_WARNINGS.ssid,
    });
    // 17 two-byte characters are 34 bytes.
    expect(check({ ssid: 'ü'.repeat(17) })).toEqual({ message: NETWORK_WARNINGS.ssid });
    expect(check({ password: 'p'.repeat(WIFI_PASSWORD_MAX + 1) })).toEqual({
      message: NETWORK_WARNINGS.password,
    });
  });

  it('answers an AP timeout above 99999 with 8006', () => {
    expect(check({ aptimeout: AP_TIMEOUT.max + 1 })).toEqual({ code: 8006 });
  });

  it('reports the first failing rule in the device order', () => {
    expect(check({ dns1: 'bad', hostname: '' })).toEqual({ code: 8004 });
    expect(check({ hostname: '', ssid: 's'.repeat(40) })).toEqual({
      message: NETWORK_WARNINGS.hostname,
    });
    expect(check({ ssid: 's'.repeat(40), password: 'p'.repeat(70) })).toEqual({
      message: NETWORK_WARNINGS.ssid,
    });
    expect(check({ password: 'p'.repeat(70), aptimeout: 100000 })).toEqual({
      message: NETWORK_WARNINGS.password,
    });
  });
});

describe('networkConfigProblems', () => {
  const problems = (change: Partial<NetworkConfigData>) =>
    networkConfigProblems({ ...valid, ...change });

  it('finds nothing in a valid config', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ ssid: '' })).toEqual([]);
  });

  it.each([
    ['ipaddress', 8001],
    ['netmask', 8002],
    ['gateway', 8003],
    ['dns1', 8004],
    ['dns2', 8005],
  ] as const)('names %s with %i', (field, code) => {
    expect(problems({ [field]: 'x' })).toEqual([{ field, code }]);
  });

  it('gives the code-less warnings their field, message and bound (code 1005)', () => {
    expect(problems({ hostname: '' })).toEqual([
      {
        field: 'hostname',
        code: 1005,
        limit: { min: 1, max: HOSTNAME_MAX },
        message: NETWORK_WARNINGS.hostname,
      },
    ]);
    expect(problems({ ssid: 'ü'.repeat(17) })).toEqual([
      { field: 'ssid', code: 1005, limit: { max: WIFI_SSID_MAX }, message: NETWORK_WARNINGS.ssid },
    ]);
    expect(problems({ password: 'p'.repeat(WIFI_PASSWORD_MAX + 1) })).toEqual([
      {
        field: 'password',
        code: 1005,
        limit: { max: WIFI_PASSWORD_MAX },
        message: NETWORK_WARNINGS.password,
      },
    ]);
  });

  it('names aptimeout with 8006', () => {
    expect(problems({ aptimeout: AP_TIMEOUT.max + 1 })).toEqual([
      { field: 'aptimeout', code: 8006 },
    ]);
  });

  it('lists every failing field in the device order', () => {
    const all = problems({
      ipaddress: 'x',
      dns2: 'y',
      hostname: '',
      ssid: 's'.repeat(40),
      password: 'p'.repeat(70),
      aptimeout: 100000,
    });
    expect(all.map((p) => p.field)).toEqual([
      'ipaddress',
      'dns2',
      'hostname',
      'ssid',
      'password',
      'aptimeout',
    ]);
  });
});

describe('syslogProblems (v26.3.30)', () => {
  it('needs a server name of 1..128 characters while enabled (8007)', () => {
    expect(syslogProblems({ syslogenabled: true, sysloghostname: '', syslogport: 514 })).toEqual([
      { field: 'sysloghostname', code: 8007, param: { max: 128 } },
    ]);
    expect(
      syslogProblems({ syslogenabled: true, sysloghostname: 'x'.repeat(129), syslogport: 514 }),
    ).toMatchObject([{ code: 8007 }]);
    expect(
      syslogProblems({ syslogenabled: true, sysloghostname: 'x'.repeat(128), syslogport: 514 }),
    ).toEqual([]);
    expect(syslogProblems({ syslogenabled: false, sysloghostname: '', syslogport: 514 })).toEqual(
      [],
    );
  });

  it('needs a port of 1..65535 (8008), enabled or not', () => {
    for (const syslogport of [0, 65536]) {
      expect(syslogProblems({ syslogenabled: false, sysloghostname: '', syslogport })).toEqual([
        { field: 'syslogport', code: 8008 },
      ]);
    }
    expect(syslogProblems({ syslogenabled: false, sysloghostname: '', syslogport: 65535 })).toEqual(
      [],
    );
  });
});
