import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { restCall } from '../../../lib/rest';
import { notify, PERSISTENT, showApiFailure } from '../../../lib/toast';
import { type DownloadProgress, downloadBackup, formatBytes } from './backupTransfer';
import { ReplicaStatus } from './ReplicaStatus';
import type { Setting } from './useSettings';

/** Download Backup with a progress bar, and Restore from Backup... with a confirmation and a result toast. */
export function BackupSection({ onRestored }: { onRestored: (settings: Setting[]) => void }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [restoring, setRestoring] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function download() {
    setProgress({ received: 0, total: null });
    try {
      const { fileName, warning } = await downloadBackup(setProgress);
      if (warning) notify.warning(`Backup saved as ${fileName}, but: ${warning}`, { duration: PERSISTENT });
      else notify.success(`Backup saved as ${fileName}.`);
    } catch (error) {
      showApiFailure(error);
    } finally {
      setProgress(null);
    }
  }

  async function restore(file: File) {
    const ok = await confirm(
      `Restore the shop from ${file.name}? Every product, order, setting and photo now in the shop is replaced by the backup's. A copy of the current state is kept in the data folder's backups.`,
      { title: 'Restore from backup', confirmText: 'Restore', tone: 'danger' },
    );
    if (!ok) return;
    setRestoring(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const settings = await restCall<Setting[]>('POST', '/api/v1/RestoreAuth', { body: form });
      onRestored(settings);
      // Everything on every screen may have changed.
      await queryClient.invalidateQueries();
      notify.success(`The shop was restored from ${file.name}.`);
    } catch (error) {
      showApiFailure(error);
    } finally {
      setRestoring(false);
      if (input.current) input.current.value = '';
    }
  }

  const percent = progress?.total
    ? Math.min(100, Math.round((progress.received / progress.total) * 100))
    : null;
  return (
    <section
      className="card settings-backup"
      aria-labelledby="settings-backup-title"
      style={{ marginTop: '1.5rem' }}
    >
      <div className="card-body">
        <h2 id="settings-backup-title" style={{ fontSize: '1.15rem' }}>
          Backup
        </h2>
        <p className="text-muted">
          One .zip with the database, photos and flyer. Keep copies off this computer; restoring checks the
          whole file before changing anything.
        </p>
        <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={download}
            disabled={progress !== null || restoring}
          >
            {progress ? 'Downloading...' : 'Download Backup'}
          </button>
          {progress ? (
            <span role="status" style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
              <progress
                max={progress.total ?? undefined}
                value={progress.total ? progress.received : undefined}
                aria-label="Backup download"
              />
              {percent !== null
                ? `${percent}% of ${formatBytes(progress.total ?? 0)}`
                : formatBytes(progress.received)}
            </span>
          ) : null}
          <input
            ref={input}
            id="settings-restore-file"
            type="file"
            aria-label="Backup file to restore"
            accept=".zip,application/zip"
            className="visually-hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void restore(file);
            }}
          />
          <button
            type="button"
            className="btn btn-warning"
            disabled={restoring || progress !== null}
            onClick={() => input.current?.click()}
          >
            {restoring ? 'Restoring...' : 'Restore from Backup...'}
          </button>
        </div>
        <ReplicaStatus />
      </div>
    </section>
  );
}
