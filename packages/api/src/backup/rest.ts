import type { RestRoute } from '../restRoute.ts';

export const backupRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Backup/Replica',
    procedure: 'backup.replica',
    input: 'none',
    summary:
      'The continuous copy (REPLICA_URL): each replica address without credentials, when the last change reached it, since when copying has failed, and a warning once it has failed for more than 3 minutes; null when it is off.',
    tag: 'Backup',
  },
  {
    method: 'POST',
    path: '/api/v1/BackupAuth',
    procedure: 'backup.create',
    input: 'none',
    respond: 'file',
    file: { contentType: 'application/zip', description: 'The backup archive (.zip)' },
    summary:
      'Downloads the whole shop as one .zip: a consistent database snapshot, every media file and manifest.json (versions, sizes, SHA-256).',
    tag: 'Backup',
  },
  {
    method: 'POST',
    path: '/api/v1/RestoreAuth',
    procedure: 'backup.restore',
    refusals: ['conflict'],
    input: 'multipart',
    upload: { maxBytes: 'restoreMaxBytes', variable: 'RESTORE_MAX_BYTES', what: 'backup', toDisk: true },
    summary:
      'Restores a backup (multipart field file). The archive is checked whole first; the current state is saved to backups/ in the data folder. Answers the settings.',
    tag: 'Backup',
    successMessage: 'The shop was restored from the backup.',
  },
];
