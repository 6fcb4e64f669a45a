import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envDevices } from './companion-env.js';
import { readOptions } from './env.js';

describe('readOptions (the options of README.md and docs/simulation.md)', () => {
  it('has the documented defaults', () => {
    const options = readOptions([], {});
    expect(options).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      rebootDelaySeconds: 3,
      simFleet: 'demo',
      simSeed: 1,
      simStart: undefined,
      simSpeed: 1,
      simFaults: [],
    });
  });

  it('reads PORT, HOST and DATA_DIR from the environment', () => {
    const options = readOptions([], { PORT: '9001', HOST: '0.0.0.0', DATA_DIR: '/tmp/dtu-env' });
    expect([options.port, options.host, options.dataDir]).toEqual([
      9001,
      '0.0.0.0',
      '/tmp/dtu-env',
    ]);
  });

  it('reads --port, --host and --data-dir, and a flag wins over its variable', () => {
    const options = readOptions(['--port', '9002', '--host=::', '--data-dir', '/tmp/dtu-flag'], {
      PORT: '9001',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/dtu-env',
    });
    expect([options.port, options.host, options.dataDir]).toEqual([9002, '::', '/tmp/dtu-flag']);
  });

  it('reads every SIM_* variable', () => {
    const options = readOptions([], {
      SIM_FLEET: 'none',
      SIM_SEED: '42',
      SIM_START: '2025-06-21T12:00:00',
      SIM_SPEED: '60',
      SIM_FAULTS: 'radio, unsynced,unreachable:1164A113C7E2',
    });
    expect(options).toMatchObject({
      simFleet: 'none',
      simSeed: 42,
      simStart: '2025-06-21T12:00:00',
      simSpeed: 60,
      simFaults: ['radio', 'unsynced', 'unreachable:1164A113C7E2'],
    });
  });

  it('reads every --sim-* flag, each winning over its variable', () => {
    const options = readOptions(
      [
        '--sim-fleet=demo',
        '--sim-seed=7',
        '--sim-start=2025-06-21T23:00:00',
        '--sim-speed=120',
        '--sim-faults=unreachable:114182352592',
      ],
      {
        SIM_FLEET: 'none',
        SIM_SEED: '42',
        SIM_START: '2025-01-01T00:00:00',
        SIM_SPEED: '2',
        SIM_FAULTS: 'radio',
      },
    );
    expect(options).toMatchObject({
      simFleet: 'demo',
      simSeed: 7,
      simStart: '2025-06-21T23:00:00',
      simSpeed: 120,
      simFaults: ['unreachable:114182352592'],
    });
  });

  it('reads SIM_FLEET_VARIANT / --sim-fleet-variant, absent for the usual fleet', () => {
    expect(readOptions([], { SIM_FLEET_VARIANT: '3' }).simFleetVariant).toBe(3);
    expect(readOptions(['--sim-fleet-variant', '2'], {}).simFleetVariant).toBe(2);
    expect(readOptions([], {})).not.toHaveProperty('simFleetVariant');
    for (const bad of ['-1', '1.5', '52', 'two']) {
      expect(() => readOptions([], { SIM_FLEET_VARIANT: bad })).toThrow(/SIM_FLEET_VARIANT/);
    }
  });

  it('reads WEB_DIST / --web-dist and REBOOT_DELAY / --reboot-delay', () => {
    expect(readOptions([], { WEB_DIST: '/srv/ui', REBOOT_DELAY: '0' })).toMatchObject({
      webDist: '/srv/ui',
      rebootDelaySeconds: 0,
    });
    expect(readOptions(['--web-dist', '/srv/ui2', '--reboot-delay', '5'], {})).toMatchObject({
      webDist: '/srv/ui2',
      rebootDelaySeconds: 5,
    });
  });

  it.each([
    [['--port', 'eighty'], {}],
    [[], { PORT: '70000' }],
    [[], { PORT: '80.5' }],
    [[], { SIM_FLEET: 'many' }],
    [[], { SIM_SPEED: '0' }],
    [['--sim-seed', 'abc'], {}],
    [[], { SIM_START: 'noon' }],
    [['--sim-start', '2025-02-30T12:00:00'], {}],
    [['--unknown-flag'], {}],
    [[], { ALERTS_EVALUATE_MS: 'often' }],
    [[], { ALERTS_EVALUATE_MS: '0' }],
    [[], { ALERTS_RETRY_MS: '200,,200' }],
    [[], { ALERTS_RETRY_MS: '5000,-1' }],
    [[], { ALERTS_DEVICE_READ_MS: '1.5' }],
  ])('refuses %j %j with an error instead of starting', (argv, env) => {
    expect(() => readOptions(argv, env)).toThrow();
  });
});

describe('readOptions: alert timings', () => {
  it('has the documented defaults and reads ALERTS_EVALUATE_MS, ALERTS_RETRY_MS, ALERTS_DEVICE_READ_MS', () => {
    expect(readOptions([], {}).alerts).toEqual({
      evaluateMs: 2000,
      retryMs: [5000, 30000, 120000],
      deviceReadMs: 30000,
    });
    const env = {
      ALERTS_EVALUATE_MS: '500',
      ALERTS_RETRY_MS: '300, 300,0',
      ALERTS_DEVICE_READ_MS: '250',
    };
    expect(readOptions([], env).alerts).toEqual({
      evaluateMs: 500,
      retryMs: [300, 300, 0],
      deviceReadMs: 250,
    });
  });

  it('names the option and the value it refuses', () => {
    expect(() => readOptions([], { ALERTS_RETRY_MS: '200,soon' })).toThrow(
      'ALERTS_RETRY_MS must be a whole number of ms from 0 to 86400000, got "soon"',
    );
  });
});

describe('readOptions: the companion (issue 24)', () => {
  const SECRET = 'Env-Secret-9';

  it('has no companion without DTU_URL', () => {
    expect(readOptions([], {}).companion).toBeUndefined();
  });

  it('reads DTU_URL, DTU_USER and DTU_PASSWORD, the user admin by default', () => {
    const env = readOptions([], { DTU_URL: '192.168.1.50', DTU_PASSWORD: SECRET }).companion;
    expect(env?.target.toJSON()).toEqual({
      id: 'dtu',
      url: 'http://192.168.1.50',
      user: 'admin',
      password: '(hidden)',
    });
    expect(env?.target.authorization()).toBe(
      `Basic ${Buffer.from(`admin:${SECRET}`).toString('base64')}`,
    );
    const flags = readOptions(
      ['--dtu-url=https://dtu.example', '--dtu-user=root', `--dtu-password=${SECRET}`],
      { DTU_URL: '192.168.1.50', DTU_USER: 'admin', DTU_PASSWORD: 'other' },
    ).companion;
    expect(flags?.target.baseUrl).toBe('https://dtu.example');
    expect(flags?.target.authorization()).toBe(
      `Basic ${Buffer.from(`root:${SECRET}`).toString('base64')}`,
    );
  });

  it('keeps DTU_PASSWORD_FILE for the boot to read, and refuses both or none of the URL', () => {
    const file = readOptions([], { DTU_URL: '192.168.1.50', DTU_PASSWORD_FILE: '/run/pw' });
    expect(file.companion?.passwordFile).toBe('/run/pw');
    expect(file.companion?.target.hasPassword).toBe(false);
    const both = { DTU_URL: 'x', DTU_PASSWORD: SECRET, DTU_PASSWORD_FILE: '/run/pw' };
    expect(() => readOptions([], both)).toThrow(/not both/);
    expect(() => readOptions([], { DTU_PASSWORD: SECRET })).toThrow(/need DTU_URL/);
  });

  it('keeps DTU_MQTT_CA_FILE for the boot to read, for every device, and refuses it without DTU_URL', () => {
    const url = 'Home=http://192.168.1.50,Cottage=mqtts://broker.example/cottage/';
    const options = readOptions([], { DTU_URL: url, DTU_MQTT_CA_FILE: ' /etc/mosquitto/ca.crt ' });
    expect(options.companion?.mqttCaFile).toBe('/etc/mosquitto/ca.crt');
    expect(readOptions([], { DTU_URL: url, DTU_MQTT_CA_FILE: '' }).companion).not.toHaveProperty(
      'mqttCaFile',
    );
    expect(() => readOptions([], { DTU_MQTT_CA_FILE: '/etc/mosquitto/ca.crt' })).toThrow(
      'DTU_MQTT_CA_FILE needs DTU_URL (an mqtts:// device)',
    );
  });

  it('names a bad DTU_URL without repeating a password in it', () => {
    let message = '';
    try {
      readOptions([], { DTU_URL: `http://admin:${SECRET}@192.168.1.50` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/must not hold a user or password/);
    expect(message).not.toContain(SECRET);
    expect(JSON.stringify(readOptions([], { DTU_URL: 'x', DTU_PASSWORD: SECRET }))).not.toContain(
      SECRET,
    );
  });

  it('reads a DTU_URL list with names, each device its own login or the shared one', () => {
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const options = readOptions([], {
      DTU_URL: 'Roof=http://192.168.1.50, Garage 2=192.168.1.51,http://192.168.1.52',
      DTU_PASSWORD: SECRET,
      DTU_USER_ROOF: 'root',
      DTU_PASSWORD_GARAGE_2: 'Garage-Secret',
      DTU_PASSWORD_FILE_DTU_3: '/run/third',
    }).companion!;
    const devices = envDevices(options);
    expect(devices.map((d) => [d.target.id, d.name, d.target.baseUrl])).toEqual([
      ['roof', 'Roof', 'http://192.168.1.50'],
      ['garage-2', 'Garage 2', 'http://192.168.1.51'],
      ['dtu-3', 'DTU 3', 'http://192.168.1.52'],
    ]);
    expect(devices[0]!.target.authorization()).toBe(basic('root', SECRET));
    expect(devices[1]!.target.authorization()).toBe(basic('admin', 'Garage-Secret'));
    expect(devices[2]!.target.hasPassword).toBe(false);
    expect(devices[2]!.passwordFile).toBe('/run/third');
    // The first device stays where a single DTU_URL put it.
    expect(options.target.id).toBe('roof');
    expect(JSON.stringify(options)).not.toContain(SECRET);
  });

  it('keeps the id dtu for one unnamed address, and refuses bad or doubled names', () => {
    expect(envDevices(readOptions([], { DTU_URL: 'http://a' }).companion!)).toMatchObject([
      { name: 'dtu', target: { id: 'dtu' } },
    ]);
    expect(() => readOptions([], { DTU_URL: 'Roof=http://a,roof=http://b' })).toThrow(
      /two devices named like "roof"/,
    );
    expect(() => readOptions([], { DTU_URL: '--=http://a' })).toThrow(/device name "--"/);
    expect(() =>
      readOptions([], {
        DTU_URL: 'Roof=http://a',
        DTU_PASSWORD_ROOF: 'x',
        DTU_PASSWORD_FILE_ROOF: 'y',
      }),
    ).toThrow(/not both \(device Roof\)/);
    expect(() => readOptions([], { DTU_URL: 'Roof=ftp://a,Garage=http://b' })).toThrow(
      /device Roof/,
    );
  });

  it('reads SIM_FIRMWARE and --sim-firmware: v24.11.7 by default, v26.3.30 on request', () => {
    expect(readOptions([], {}).simFirmware).toBe('v24');
    expect(readOptions([], { SIM_FIRMWARE: 'v26.3.30' }).simFirmware).toBe('v26');
    expect(
      readOptions(['--sim-firmware', 'v24.11.7'], { SIM_FIRMWARE: 'v26.3.30' }).simFirmware,
    ).toBe('v24');
    expect(() => readOptions([], { SIM_FIRMWARE: 'v25.9.11' })).toThrow(
      'SIM_FIRMWARE must be v24.11.7 or v26.3.30, got "v25.9.11"',
    );
  });
});

describe('readOptions: devices known by their MQTT topics (issue 37)', () => {
  const SECRET = 'Http-Admin-Secret';

  it('reads mqtt:// and mqtts:// entries: broker, base topic, default ports', () => {
    const devices = envDevices(
      readOptions([], {
        DTU_URL:
          'Home=http://192.168.1.50,Cottage=mqtts://broker.example/cottage/,Flat=mqtt://127.0.0.1:1884/sites/flat',
      }).companion!,
    );
    expect(devices.map((d) => [d.target.id, d.target.kind, d.target.baseUrl])).toEqual([
      ['home', 'http', 'http://192.168.1.50'],
      ['cottage', 'mqtt', 'mqtts://broker.example:8883/cottage/'],
      ['flat', 'mqtt', 'mqtt://127.0.0.1:1884/sites/flat/'],
    ]);
    expect(devices[1]!.target.mqtt()).toEqual({
      broker: 'mqtts://broker.example:8883',
      prefix: 'cottage/',
    });
  });

  it('gives a broker only its own login when several devices share DTU_PASSWORD', () => {
    const devices = envDevices(
      readOptions([], {
        DTU_URL: 'Home=http://192.168.1.50,Cottage=mqtt://b/cottage/,Flat=mqtt://b/flat/',
        DTU_USER: 'admin',
        DTU_PASSWORD: SECRET,
        DTU_USER_COTTAGE: 'cottage',
        DTU_PASSWORD_COTTAGE: 'Broker-Secret',
        DTU_PASSWORD_FILE_FLAT: '/run/flat',
      }).companion!,
    );
    expect(devices[0]!.target.authorization()).toContain('Basic');
    expect(devices[1]!.target.mqtt()).toMatchObject({
      username: 'cottage',
      password: 'Broker-Secret',
    });
    expect(devices[2]!.passwordFile).toBe('/run/flat');
    expect(devices[2]!.target.mqtt()).toEqual({ broker: 'mqtt://b:1883', prefix: 'flat/' });
    expect(JSON.stringify(devices.map((d) => d.target.mqtt()))).not.toContain(SECRET);
    // The one device DTU_URL names: the shared login is its own.
    const single = readOptions([], {
      DTU_URL: 'mqtt://b/solar/',
      DTU_USER: 'site',
      DTU_PASSWORD: SECRET,
    }).companion!;
    expect(single.target.mqtt()).toMatchObject({ username: 'site', password: SECRET });
  });

  it('refuses a malformed MQTT address with a plain message, never a password', () => {
    const refused = (url: string) => {
      try {
        readOptions([], { DTU_URL: `Site=${url}` });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refused('mqtt://broker:1883')).toMatch(/needs the device's base topic.*\(device Site\)/);
    expect(refused('mqtt://broker:1883/solar/#')).toMatch(/no query or fragment/);
    expect(refused('mqtt://broker/so+lar/')).toMatch(/without wildcards/);
    expect(refused('mqtt://broker:99999/solar/')).toMatch(/not valid/);
    const withLogin = refused(`mqtt://u:${SECRET}@broker/solar/`);
    expect(withLogin).toMatch(/must not hold a user or password/);
    expect(withLogin).not.toContain(SECRET);
  });
});
