import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { REPLICA_MEDIA_FOLDER, type ReplicaTarget } from './targets.ts';

/**
 * The media files on one replica, each under its SHA-256: a file is written once and never changed, so the
 * database's uploaded_files rows at any moment of the replica's history name files that are there.
 */
export interface ReplicaMediaStore {
  has(sha256: string): Promise<boolean>;
  put(sha256: string, file: string): Promise<void>;
  /** Writes the file to `to` (through a temporary name, so a broken download leaves nothing). */
  get(sha256: string, to: string): Promise<void>;
}

export function replicaMediaStore(target: ReplicaTarget): ReplicaMediaStore {
  return target.kind === 'file' ? folderStore(target.folder) : bucketStore(target);
}

async function writeThrough(to: string, write: (temp: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  const temp = `${to}.${randomUUID()}.tmp`;
  try {
    await write(temp);
    await rename(temp, to);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function folderStore(folder: string): ReplicaMediaStore {
  const at = (sha256: string) => path.join(folder, REPLICA_MEDIA_FOLDER, sha256);
  return {
    async has(sha256) {
      return existsSync(at(sha256));
    },
    async put(sha256, file) {
      await writeThrough(at(sha256), (temp) => copyFile(file, temp));
    },
    async get(sha256, to) {
      if (!existsSync(at(sha256))) throw new Error(`${at(sha256)} is not there`);
      await writeThrough(to, (temp) => copyFile(at(sha256), temp));
    },
  };
}

function bucketStore(target: Extract<ReplicaTarget, { kind: 's3' }>): ReplicaMediaStore {
  const client = new S3Client({
    region: target.region,
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    forcePathStyle: target.forcePathStyle,
    ...(target.accessKeyId && target.secretAccessKey
      ? { credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey } }
      : {}),
    maxAttempts: 3,
  });
  const key = (sha256: string) => `${target.prefix}/${REPLICA_MEDIA_FOLDER}/${sha256}`;
  return {
    async has(sha256) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: target.bucket, Key: key(sha256) }));
        return true;
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
    async put(sha256, file) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: target.bucket,
          Key: key(sha256),
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
    },
    async get(sha256, to) {
      const answer = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: key(sha256) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`${key(sha256)} answered no body`);
      const body = answer.Body;
      await writeThrough(to, (temp) => pipeline(body, createWriteStream(temp)));
    },
  };
}
