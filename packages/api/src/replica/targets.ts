import path from 'node:path';
import { z } from 'zod';

/** How often Litestream copies new changes: the most seconds of orders a dead host can lose. */
export const REPLICA_SYNC_SECONDS = 1;
/** Point-in-time history kept on the replica (Litestream's retention): a week. */
export const REPLICA_RETENTION_HOURS = 168;
/** Where each media file goes on a replica, under its checksum (beside Litestream's own folders). */
export const REPLICA_MEDIA_FOLDER = 'media';

export type ReplicaTarget =
  | {
      kind: 's3';
      bucket: string;
      /** The folder inside the bucket; Litestream's generations and the media files go under it. */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** The address for people: no credentials. */
      address: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    }
  | { kind: 'file'; folder: string; address: string };

const S3_OPTIONS = new Set(['endpoint', 'region', 'force-path-style']);

/**
 * One replica address, as REPLICA_URL holds it: `s3://bucket/folder?endpoint=https://...&region=...` for any
 * S3-compatible storage (credentials in LITESTREAM_ACCESS_KEY_ID / LITESTREAM_SECRET_ACCESS_KEY, or as
 * `s3://KEY:SECRET@bucket/folder`), or `file:///mnt/second-disk/nursery` for a folder on another disk.
 * Throws a message naming what to fix.
 */
export function parseReplicaAddress(text: string): ReplicaTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      `"${text.replace(/\/\/[^@/]*@/, '//***@')}" is not an address: write s3://bucket/folder or file:///folder`,
    );
  }
  if (url.protocol === 'file:') {
    if (url.host) throw new Error('a folder address is file:///absolute/path (three slashes)');
    const folder = path.resolve(decodeURIComponent(url.pathname));
    if (folder === '/')
      throw new Error('a folder address needs a folder, not the root: file:///mnt/backup/shop');
    return { kind: 'file', folder, address: `file://${folder}` };
  }
  if (url.protocol !== 's3:') {
    throw new Error(
      `only s3:// (S3, B2, R2, MinIO) and file:// addresses are understood, not ${url.protocol}//`,
    );
  }
  if (!url.hostname) throw new Error('an s3:// address names its bucket: s3://bucket/folder');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (!prefix) throw new Error('an s3:// address names a folder inside the bucket: s3://bucket/nursery');
  for (const key of url.searchParams.keys()) {
    if (!S3_OPTIONS.has(key)) {
      throw new Error(`"${key}" is not an option of an s3:// address (endpoint, region, force-path-style)`);
    }
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new Error(
      `endpoint=${endpoint} must be an http(s) address, e.g. https://s3.eu-central-003.backblazeb2.com`,
    );
  }
  const pathStyle = url.searchParams.get('force-path-style');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle)) {
    throw new Error('force-path-style must be true or false');
  }
  const visible = new URL(url.href);
  visible.username = '';
  visible.password = '';
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix,
    endpoint,
    region: url.searchParams.get('region') ?? 'us-east-1',
    // Storage other than AWS (MinIO, a local test server) addresses buckets by path.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    address: visible.href,
    accessKeyId: url.username ? decodeURIComponent(url.username) : undefined,
    secretAccessKey: url.password ? decodeURIComponent(url.password) : undefined,
  };
}

/** REPLICA_URL: one address or several separated by commas (a bucket and a second disk). */
export const replicaUrlSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    const parts = (value ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const targets: ReplicaTarget[] = [];
    for (const part of parts) {
      try {
        targets.push(parseReplicaAddress(part));
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }
    const keys = new Set(
      targets.flatMap((t) =>
        t.kind === 's3' && t.accessKeyId ? [`${t.accessKeyId}:${t.secretAccessKey}`] : [],
      ),
    );
    if (keys.size > 1) {
      context.addIssue({
        code: 'custom',
        message:
          'two s3:// addresses with different keys: Litestream takes one pair (LITESTREAM_ACCESS_KEY_ID)',
      });
      return z.NEVER;
    }
    return targets;
  });

/** A replica's name in Litestream's configuration and log: s3, s3-2, file, ... */
export function targetName(targets: readonly ReplicaTarget[], index: number): string {
  const target = targets[index] as ReplicaTarget;
  const before = targets.slice(0, index).filter((t) => t.kind === target.kind).length;
  return before === 0 ? target.kind : `${target.kind}-${before + 1}`;
}

/**
 * Litestream's configuration for the shop's database (JSON is YAML, so no YAML writer is needed). Credentials
 * are not written into it: they go to Litestream's environment (replicaEnvironment).
 */
export function litestreamConfig(databaseFile: string, targets: readonly ReplicaTarget[]): string {
  const replicas = targets.map((target, index) => {
    const common = {
      name: targetName(targets, index),
      'sync-interval': `${REPLICA_SYNC_SECONDS}s`,
      retention: `${REPLICA_RETENTION_HOURS}h`,
      // A fresh snapshot every day keeps a point-in-time restore to one snapshot and a day of changes.
      'snapshot-interval': '24h',
    };
    if (target.kind === 'file') return { ...common, type: 'file', path: path.join(target.folder, 'db') };
    return {
      ...common,
      type: 's3',
      bucket: target.bucket,
      path: `${target.prefix}/db`,
      region: target.region,
      ...(target.endpoint ? { endpoint: target.endpoint } : {}),
      'force-path-style': target.forcePathStyle,
    };
  });
  return `${JSON.stringify({ dbs: [{ path: databaseFile, replicas }] }, null, 2)}\n`;
}

/** The environment Litestream runs with: the shop's own, plus credentials written into the address. */
export function replicaEnvironment(
  targets: readonly ReplicaTarget[],
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const keyed = targets.find((t) => t.kind === 's3' && t.accessKeyId);
  if (keyed?.kind !== 's3') return { ...env };
  return {
    ...env,
    LITESTREAM_ACCESS_KEY_ID: keyed.accessKeyId,
    LITESTREAM_SECRET_ACCESS_KEY: keyed.secretAccessKey,
  };
}
