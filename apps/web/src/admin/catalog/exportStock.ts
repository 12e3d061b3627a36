import { restCall } from '../../lib/rest';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Base64 to bytes in chunks of 1024, as the spec's download does, so a large workbook never blocks on one huge string. */
function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let offset = 0; offset < binary.length; offset += 1024) {
    const end = Math.min(offset + 1024, binary.length);
    for (let i = offset; i < end; i++) bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

/**
 * 'Export Stock': downloads GET /Exports/GetStockExport (a base64 .xls) as 'YYYY-MM-DD ProductStock.xls'.
 * The spec lets export failures go to the console only.
 */
export async function exportStock(): Promise<void> {
  try {
    const body = await restCall<string>('GET', '/Exports/GetStockExport');
    const blob = new Blob([base64Bytes(body) as BlobPart], { type: 'application/vnd.ms-excel' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${today()} ProductStock.xls`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    console.error('Stock export failed', error);
  }
}
