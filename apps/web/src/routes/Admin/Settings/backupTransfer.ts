import { getAccessToken } from '../../../auth/token';
import type { ApiFailure } from '../../../lib/apiFailure';
import { saveFile } from '../shared/download';

export interface DownloadProgress {
  received: number;
  /** From Content-Length; null when the server did not say. */
  total: number | null;
}

async function failureOf(response: Response): Promise<ApiFailure> {
  let message = response.statusText;
  try {
    const body = (await response.json()) as { message?: string };
    if (body.message) message = body.message;
  } catch {
    // Not JSON: keep the status text.
  }
  return { status: response.status, message, validationError: response.status === 400 };
}

/** The file name the server gave in Content-Disposition, or a fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = header?.match(/filename="([^"]+)"/i);
  return plain?.[1] ?? fallback;
}

/**
 * POST /api/v1/BackupAuth read through a stream reader, so the screen can show how much has arrived;
 * saves the archive under the server's file name and answers it with what the server warned about (a
 * missing media folder). Throws an ApiFailure when the server refuses.
 */
export async function downloadBackup(
  onProgress: (progress: DownloadProgress) => void,
): Promise<{ fileName: string; warning: string | null }> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch('/api/v1/BackupAuth', { method: 'POST', headers });
  if (!response.ok) throw await failureOf(response);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const fileName = attachmentName(response.headers.get('content-disposition'), 'backup.zip');
  saveFile(new Blob(chunks, { type: 'application/zip' }), fileName, 30_000);
  const warning = response.headers.get('x-shop-warning');
  return { fileName, warning: warning ? decodeURIComponent(warning) : null };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A staff-only file (a GET that answers a file) saved under the server's file name; throws an ApiFailure. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await failureOf(response);
  saveFile(await response.blob(), attachmentName(response.headers.get('content-disposition'), fallbackName));
}
