import { EXCEL_CONTENT_TYPE } from '@nursery/domain';
import { getAccessToken } from '../../../auth/token';

/** The spec's converter works through the decoded text 1024 characters at a time, so a large workbook never needs one huge array copy. */
export const BASE64_CHUNK = 1024;

/** Today's date as year-month-day in the browser's calendar, the prefix of every exported file name. */
export function exportDatePrefix(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Base64 text to bytes, decoded in chunks of 1024. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let offset = 0; offset < binary.length; offset += BASE64_CHUNK) {
    const slice = binary.slice(offset, offset + BASE64_CHUNK);
    for (let i = 0; i < slice.length; i++) bytes[offset + i] = slice.charCodeAt(i);
  }
  return bytes;
}

/**
 * The workbook of an export's answer: the envelope's data {fileName, contentType, base64} (the OpenAPI
 * document's ExportWorkbook), the .xls file base64 as the spec's body is.
 */
function workbookBase64Of(answer: unknown): string {
  const data = (answer as { data?: { base64?: unknown } } | null)?.data;
  if (typeof data?.base64 !== 'string') throw new Error('The export answered without a workbook.');
  return data.base64;
}

/**
 * Hands a file the page has in memory to the browser's downloads (exports, backups). The blob is
 * released a while after the click, since some browsers read it after click returns.
 */
export function saveFile(blob: Blob, fileName: string, keepMs = 10_000): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), keepMs);
}

/**
 * Downloads one of the spreadsheet exports (GET /Exports/...) with the staff token as a bearer header,
 * saved as '{YYYY-MM-DD} {name}.xls'. As the spec says, a failure is only logged to the console.
 * Answers whether the file was saved.
 */
export async function downloadExport(path: string, name: string): Promise<boolean> {
  try {
    const headers: Record<string, string> = {};
    const token = getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(path, { headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    const bytes = base64ToBytes(workbookBase64Of(await response.json()));
    saveFile(new Blob([bytes], { type: EXCEL_CONTENT_TYPE }), `${exportDatePrefix()} ${name}.xls`);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}
