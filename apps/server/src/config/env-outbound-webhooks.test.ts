import { describe, expect, it } from 'vitest';
import { ConfigError, WEBHOOK_RETRY_SCHEDULE_MS, loadConfig } from './env';

/* Outbound webhooks in the configuration (ADR 060): the private-host allowlist and the schedule. */

const webhooks = (env: Record<string, string>) => loadConfig(env).webhooks;

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('is empty by default, and the schedule is the production one (about 27.6 hours)', () => {
    expect(webhooks({})).toEqual({ allowedHosts: [], retryScheduleMs: WEBHOOK_RETRY_SCHEDULE_MS });
    const total = WEBHOOK_RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBe((27 * 3600 + 35 * 60 + 5) * 1000); // 27 h 35 min 5 s, as Svix's
  });

  it('reads hosts and host:port pairs, IPv6 with or without brackets', () => {
    expect(
      webhooks({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, Hooks.Test:8443, ::1, [fd00::1]:9000' })
        .allowedHosts,
    ).toEqual([
      { host: '127.0.0.1', port: undefined },
      { host: 'hooks.test', port: 8443 },
      { host: '::1', port: undefined },
      { host: 'fd00::1', port: 9000 },
    ]);
  });

  it.each(['http://127.0.0.1', '127.0.0.1:0', 'host:70000', '[not-v6]:80', 'a/b', '*.example.com'])(
    'refuses %s at start with a line that says what it wants',
    (entry) => {
      expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: entry })).toThrow(ConfigError);
      expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: entry })).toThrow(
        'WEBHOOK_ALLOWED_HOSTS: must be hosts or host:port pairs',
      );
    },
  );
});

describe('WEBHOOK_RETRY_SCHEDULE_MS', () => {
  it('replaces the schedule with milliseconds (tests)', () => {
    expect(webhooks({ WEBHOOK_RETRY_SCHEDULE_MS: '100,300,700' }).retryScheduleMs).toEqual([
      100, 300, 700,
    ]);
  });

  it('reads an empty value as unset, as for every setting', () => {
    expect(webhooks({ WEBHOOK_RETRY_SCHEDULE_MS: '' }).retryScheduleMs).toEqual(
      WEBHOOK_RETRY_SCHEDULE_MS,
    );
  });

  it.each(['1.5', '100,,200', 'fast', '-5', Array.from({ length: 21 }, () => '1').join(',')])(
    'refuses %j',
    (value) => {
      expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE_MS: value })).toThrow(
        'WEBHOOK_RETRY_SCHEDULE_MS: must be up to 20 whole milliseconds',
      );
    },
  );
});
