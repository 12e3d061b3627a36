import type { CatalogSheetResult } from '@nursery/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { restCall } from '../../../lib/rest';
import { notify, showApiFailure } from '../../../lib/toast';
import { useAdminProducts } from '../shared/catalog/useAdminProducts';
import { downloadFile } from './backupTransfer';

const SHEET = '/api/v1/Products/Spreadsheet';

function download(kind: 'Csv' | 'Xlsx'): Promise<void> {
  return downloadFile(`${SHEET}/${kind}`, `Catalogue.${kind.toLowerCase()}`);
}

function form(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/**
 * Settings → Catalogue spreadsheet: the catalogue downloaded as .xlsx or CSV, and a spreadsheet uploaded back
 * with a preview of what it adds, changes and refuses; Apply sends the same file with the preview's token, so
 * what is written is what was shown (the server refuses when the catalogue moved since).
 */
export function CatalogSheetSection() {
  const id = useId();
  const queryClient = useQueryClient();
  // A sheet uploaded again after it was applied lists its new rows as new once more: each one whose name a
  // product already has is marked, so nobody adds the same plant twice without seeing it.
  const products = useAdminProducts();
  const existingNames = new Set((products.data ?? []).map((p) => p.name.trim().toLowerCase()));
  const alreadyExists = (name: string) => existingNames.has(name.trim().toLowerCase());
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CatalogSheetResult | null>(null);

  async function run(what: string, work: () => Promise<void>) {
    setBusy(what);
    try {
      await work();
    } catch (error) {
      showApiFailure(error);
    } finally {
      setBusy(null);
    }
  }

  function clear() {
    setPreview(null);
    setFile(null);
    if (input.current) input.current.value = '';
  }

  async function previewFile(chosen: File) {
    setPreview(null);
    setFile(chosen);
    await run('preview', async () => {
      try {
        setPreview(await restCall<CatalogSheetResult>('POST', `${SHEET}/Preview`, { body: form(chosen) }));
      } catch (error) {
        clear();
        throw error;
      }
    });
  }

  async function apply() {
    if (!file || !preview) return;
    const duplicates = preview.added.filter((a) => alreadyExists(a.name)).length;
    const what = `${preview.added.length} new and ${preview.changed.length} changed products${
      duplicates > 0 ? ` (${duplicates} new with the name of a product that already exists)` : ''
    }`;
    if (
      !(await confirm(`Save ${what} from ${file.name}?`, {
        title: 'Apply the spreadsheet',
        confirmText: 'Apply',
      }))
    ) {
      return;
    }
    await run('apply', async () => {
      try {
        const done = await restCall<CatalogSheetResult>(
          'POST',
          `${SHEET}/Apply?token=${encodeURIComponent(preview.token)}`,
          { body: form(file) },
        );
        notify.success(`Spreadsheet applied: ${done.added.length} added, ${done.changed.length} changed.`);
        await queryClient.invalidateQueries();
      } finally {
        clear();
      }
    });
  }

  const nothingToDo = preview !== null && preview.added.length === 0 && preview.changed.length === 0;
  return (
    <section className="card settings-sheet" aria-labelledby={`${id}-title`} style={{ marginTop: '1.5rem' }}>
      <div className="card-body">
        <h2 id={`${id}-title`} style={{ fontSize: '1.15rem' }}>
          Catalogue spreadsheet
        </h2>
        <p className="text-muted">
          Download every product, edit it in your spreadsheet program and upload it back. Rows are matched by
          Id; a row without an Id is a new product. Nothing changes until you apply the preview.
        </p>
        <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy !== null}
            onClick={() => run('xlsx', () => download('Xlsx'))}
          >
            {busy === 'xlsx' ? 'Downloading...' : 'Download .xlsx'}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy !== null}
            onClick={() => run('csv', () => download('Csv'))}
          >
            {busy === 'csv' ? 'Downloading...' : 'Download CSV'}
          </button>
          <input
            ref={input}
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="visually-hidden"
            aria-label="Catalogue spreadsheet to upload"
            // The button below opens it; an invisible element never takes the keyboard's focus.
            tabIndex={-1}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) void previewFile(chosen);
            }}
          />
          <button
            type="button"
            className="btn btn-warning"
            disabled={busy !== null}
            onClick={() => input.current?.click()}
          >
            {busy === 'preview' ? 'Reading...' : 'Upload a spreadsheet...'}
          </button>
        </div>
        {preview ? (
          <div data-testid="sheet-preview" style={{ marginTop: '1rem' }}>
            <h3 style={{ fontSize: '1.05rem' }}>What {preview.fileName} will change</h3>
            <p data-testid="sheet-counts">
              {preview.added.length} to add, {preview.changed.length} to change, {preview.refused.length}{' '}
              refused, {preview.unchanged} unchanged.
            </p>
            {preview.refused.length > 0 ? (
              <>
                <h4 style={{ fontSize: '1rem' }}>Refused (left as they are)</h4>
                <ul className="text-danger" data-testid="sheet-refused">
                  {preview.refused.map((r) => (
                    <li key={r.row}>{r.message}</li>
                  ))}
                </ul>
              </>
            ) : null}
            {preview.added.length > 0 ? (
              <>
                <h4 style={{ fontSize: '1rem' }}>New products</h4>
                <ul data-testid="sheet-added">
                  {preview.added.map((a) => (
                    <li key={a.row}>
                      Row {a.row}: <strong>{a.name}</strong> (
                      {a.changes.map((c) => `${c.field}: ${c.to}`).join('; ')})
                      {alreadyExists(a.name) ? (
                        <strong className="text-warning">
                          {' '}
                          A product named {a.name} already exists: applying adds a second one.
                        </strong>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {preview.changed.length > 0 ? (
              <>
                <h4 style={{ fontSize: '1rem' }}>Changed products</h4>
                <ul data-testid="sheet-changed">
                  {preview.changed.map((c) => (
                    <li key={c.row}>
                      Row {c.row}: <strong>{c.name}</strong>
                      <ul>
                        {c.changes.map((f) => (
                          <li key={f.field} style={{ overflowWrap: 'anywhere' }}>
                            {f.field}: {f.from || '(empty)'} → {f.to || '(empty)'}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy !== null || nothingToDo}
                onClick={() => void apply()}
              >
                {busy === 'apply' ? 'Applying...' : nothingToDo ? 'Nothing to apply' : 'Apply changes'}
              </button>
              <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={clear}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
