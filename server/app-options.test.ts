import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { appOptionsOf } from './app-options.ts';

describe('the server configuration', () => {
  it('keeps uploads in DATA_DIR on PostgreSQL too, so a restart or a second instance finds them', () => {
    const options = appOptionsOf(readConfig({ DATABASE_URL: 'postgres://app:pw@db/parking', DATA_DIR: '/srv/parking' }));
    expect(options.database).toEqual({ databaseUrl: 'postgres://app:pw@db/parking' });
    expect(options.uploadsDir).toBe('/srv/parking');
  });

  it('names a DATABASE_URL it cannot read without printing its password', () => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://app:s3#cr/t@db/x' })).toThrow(/DATABASE_URL is not a URL/);
    try {
      readConfig({ DATABASE_URL: 'postgres://app:s3#cr/t@db/x' });
    } catch (e) {
      expect(String(e)).not.toContain('s3#cr');
      expect(String(e)).toContain('//***@db/x');
    }
  });

  it('writes sign-in codes to an outbox beside the data, none for an in-memory database', () => {
    expect(appOptionsOf(readConfig({ DATA_DIR: '/srv/parking' })).smsOutbox).toBe('/srv/parking/sms-outbox.txt');
    expect(appOptionsOf(readConfig({ DATA_DIR: 'memory' })).smsOutbox).toBeUndefined();
    expect(appOptionsOf(readConfig({ DATA_DIR: 'memory', SMS_OUTBOX: '/var/spool/sms.txt' })).smsOutbox).toBe('/var/spool/sms.txt');
  });
});
