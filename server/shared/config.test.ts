import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The ConfigError loadConfig throws for `env`; fails the test when it throws nothing else. */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      database: { kind: 'sqlite', file: path.resolve('data', 'catalogue.db') },
      uploadsDir: path.resolve('data', 'uploads'),
      imageStorage: 'disk',
      workers: Math.min(8, os.availableParallelism()),
      demoCatalogue: true,
      siteName: 'ScriptHub',
      siteUrl: undefined,
      telegramUrl: 'https://t.me/scripthub',
      videoUrl: 'https://www.youtube.com/@scripthub',
      contactEmail: 'support@scripthub.example',
      timeZone: 'UTC',
      logLevel: 'info',
      trustProxy: false,
      viewFlushIntervalMs: 5_000,
      uploadMaxBytes: 5 * 1024 * 1024,
      uploadMaxPixels: 40_000_000,
      admin: { username: undefined, password: undefined },
      sessionTtlMs: 7 * 24 * 60 * 60 * 1000,
      loginMaxFailures: 5,
      loginWindowMs: 15 * 60 * 1000,
      loginAddressMaxFailures: 20,
      loginUsernameMaxFailuresPerMinute: 50,
    });
  });

  it('reads good values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/catalogue',
      DEMO_CATALOGUE: 'off',
      SITE_URL: 'https://scripts.example.com/',
      TIME_ZONE: 'Europe/Moscow',
      TRUST_PROXY: 'yes',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'long enough secret',
    });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join('/srv/catalogue', 'catalogue.db') });
    expect(config.uploadsDir).toBe(path.join('/srv/catalogue', 'uploads'));
    expect(config.demoCatalogue).toBe(false);
    expect(config.siteUrl).toBe('https://scripts.example.com');
    expect(config.timeZone).toBe('Europe/Moscow');
    // "yes" (like true, on, 1) means one proxy hop: the address the nearest proxy appended.
    expect(config.trustProxy).toBe(1);
    expect(config.admin).toEqual({ username: 'root', password: 'long enough secret' });
  });

  it('reads WORKERS and IMAGE_STORAGE; development always runs one process', () => {
    expect(loadConfig({ WORKERS: '3', IMAGE_STORAGE: 'database' })).toMatchObject({ workers: 3, imageStorage: 'database' });
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4', NODE_ENV: 'development' }).workers).toBe(1);
  });

  it.each(['postgres://user:pw@db.example:5432/catalogue', 'postgresql://localhost/catalogue'])('selects PostgreSQL for DATABASE_URL=%s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
  });
});

describe('loadConfig refuses a bad value', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['TIME_ZONE', 'Mars/Base'],
    ['DEMO_CATALOGUE', 'maybe'],
    ['SITE_URL', 'notaurl'],
    ['SITE_URL', 'example.com'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['CONTACT_EMAIL', 'nobody'],
    ['VIEW_FLUSH_INTERVAL_MS', '0'],
    ['UPLOAD_MAX_BYTES', 'lots'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_USERNAME', 'no spaces allowed'],
    ['WORKERS', '0'],
    ['WORKERS', '9'],
    ['WORKERS', 'many'],
    ['IMAGE_STORAGE', 's3'],
  ])('rejects %s=%s with a ConfigError naming the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]?.startsWith(`${name}:`)).toBe(true);
  });
});

describe('loadConfig reads TRUST_PROXY', () => {
  it.each([
    ['true', 1],
    ['yes', 1],
    ['on', 1],
    ['1', 1],
    ['2', 2],
    ['false', false],
    ['off', false],
    ['0', false],
    ['10.0.0.2', ['10.0.0.2']],
    [' 10.0.0.2 , 192.168.0.0/16,fd00::/8 ', ['10.0.0.2', '192.168.0.0/16', 'fd00::/8']],
    ['::1', ['::1']],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
  ] as const)('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['maybe', '-1', '1.5', '300.1.1.1/99', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/', '10.0.0.1,,10.0.0.2', '10.0.0.1, nonsense'])(
    'rejects TRUST_PROXY=%j with a message naming it and what it accepts',
    (value) => {
      const error = configErrorOf({ TRUST_PROXY: value });
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatch(/^TRUST_PROXY: /);
      expect(error.problems[0]).toContain('hop count');
    },
  );
});

describe('loadConfig refuses a half-set admin and never echoes a password', () => {
  it.each([
    [{ ADMIN_USERNAME: 'root' }],
    [{ ADMIN_PASSWORD: 'long enough secret' }],
    [{ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: '' }],
  ])('rejects one admin variable without the other (%j)', (env) => {
    const error = configErrorOf(env);
    expect(error.message).toContain('ADMIN_USERNAME');
    expect(error.message).toContain('ADMIN_PASSWORD');
  });

  it('never echoes a rejected password', () => {
    const error = configErrorOf({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'pw1234' });
    expect(error.message).toContain('ADMIN_PASSWORD');
    expect(error.message).not.toContain('pw1234');
  });

  it('names every bad variable at once', () => {
    const error = configErrorOf({ PORT: 'abc', TIME_ZONE: 'Mars/Base', DEMO_CATALOGUE: 'maybe' });
    expect(error.problems).toHaveLength(3);
    for (const name of ['PORT', 'TIME_ZONE', 'DEMO_CATALOGUE']) expect(error.message).toContain(name);
  });

  it('counts empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      DATA_DIR: '',
      TIME_ZONE: '',
      DEMO_CATALOGUE: '',
      SITE_URL: '',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
    });
    expect(config).toEqual(loadConfig({}));
  });
});
