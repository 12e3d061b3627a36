import { describe, expect, it } from 'vitest';
import { REPLICA_FAILING_WARN_MS, ReplicaMonitor } from './monitor.ts';
import { parseReplicaAddress, replicaUrlSchema } from './targets.ts';

describe('replica addresses', () => {
  it('shows an s3 address without its credentials, and keeps them for Litestream and the media copy', () => {
    const target = parseReplicaAddress(
      's3://AKIA123:s3cr%2Ft@nursery-backups/shop?endpoint=https://s3.eu-central-003.backblazeb2.com&region=eu-central-003',
    );
    expect(target).toMatchObject({
      kind: 's3',
      bucket: 'nursery-backups',
      prefix: 'shop',
      region: 'eu-central-003',
      forcePathStyle: true,
      accessKeyId: 'AKIA123',
      secretAccessKey: 's3cr/t',
    });
    expect(target.address).toBe(
      's3://nursery-backups/shop?endpoint=https://s3.eu-central-003.backblazeb2.com&region=eu-central-003',
    );
  });

  it('refuses what it cannot use with what to write instead', () => {
    const problems = (text: string) => {
      const parsed = replicaUrlSchema.safeParse(text);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(problems('ftp://host/folder')).toEqual([
      'only s3:// (S3, B2, R2, MinIO) and file:// addresses are understood, not ftp://',
    ]);
    expect(problems('s3://bucket')).toEqual([
      'an s3:// address names a folder inside the bucket: s3://bucket/nursery',
    ]);
    expect(problems('s3://bucket/x?regoin=eu')).toEqual([
      '"regoin" is not an option of an s3:// address (endpoint, region, force-path-style)',
    ]);
    expect(problems('file:///')).toEqual([
      'a folder address needs a folder, not the root: file:///mnt/backup/shop',
    ]);
    expect(problems('s3://bucket/a, file:///mnt/disk/shop')).toEqual([]);
  });
});

describe('the owner is warned when copying fails for minutes, not at the first hiccup', () => {
  it('warns after the failures have lasted past the limit, logs it once, and clears when a copy gets through', () => {
    let now = Date.parse('2026-04-18T16:00:00Z');
    const logged: string[] = [];
    const log = {
      info: (_: unknown, msg?: string) => logged.push(`info ${msg}`),
      warn: (_: unknown, msg?: string) => logged.push(`warn ${msg}`),
      error: (_: unknown, msg?: string) => logged.push(`error ${msg}`),
    };
    const monitor = new ReplicaMonitor(
      [parseReplicaAddress('s3://KEY:SECRET@bucket/shop'), parseReplicaAddress('file:///mnt/disk/shop')],
      () => new Date(now),
      log,
    );
    monitor.copied('s3');
    monitor.copied('file');
    now += 1000;
    monitor.failed('s3', 'dial tcp: connection refused');
    expect(monitor.status().warning).toBeNull();
    now += REPLICA_FAILING_WARN_MS + 1000;
    monitor.failed('s3', 'dial tcp: connection refused');
    const status = monitor.status();
    expect(status.warning).toContain(
      'copying the database to s3://bucket/shop has failed since 2026-04-18T16:00:01.000Z',
    );
    expect(JSON.stringify(status)).not.toContain('SECRET');
    expect(status.replicas[1]?.failingSince).toBeNull();
    monitor.status();
    expect(logged.filter((l) => l.startsWith('error'))).toHaveLength(1);
    monitor.copied('s3');
    expect(monitor.status().warning).toBeNull();
    expect(logged.at(-1)).toBe('info the continuous copy works again');
  });
});
