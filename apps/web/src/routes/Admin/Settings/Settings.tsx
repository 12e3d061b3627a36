import { orderingToggleConfirm } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { messageToReact } from '../../../lib/messageHtml';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { BackupSection } from './BackupSection';
import { CatalogSheetSection } from './CatalogSheetSection';
import { CustomerEmailsSection } from './CustomerEmailsSection';
import { FlyerSetting } from './FlyerSetting';
import { IntegrationsSection } from './IntegrationsSection';
import { MessageSetting } from './MessageSetting';
import { PickUpDaysSection } from './PickUpDaysSection';
import { SeasonSection } from './SeasonSection';
import { StockEmailsSetting } from './StockEmailsSetting';
import { useSettings } from './useSettings';
import { WebhooksSection } from './WebhooksSection';
import './settings.css';
import { TableHead } from '../../../components/CardTable';
import { LoadFailed } from '../../../components/LoadFailed';

export const MESSAGE_NOT_SAVED = 'The message you changed is not saved yet. Leave this page and lose it?';

/** /Admin/Settings: online ordering, the global message, the PDF flyer, the stock e-mail list, and backups. */
export function AdminSettings() {
  const { query, view, replace } = useSettings();
  const [draft, setDraft] = useState(view.message);
  const [preview, setPreview] = useState(false);
  const loaded = query.data !== undefined;

  // The editor starts from the saved message once it has loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first load seeds the editor.
  useEffect(() => {
    if (loaded) setDraft(view.message);
  }, [loaded]);

  // A message written (and previewed) but not saved is not lost to a click on another screen.
  const messageUnsaved = loaded && draft !== view.message;
  useBlocker({
    disabled: !messageUnsaved,
    enableBeforeUnload: () => messageUnsaved,
    shouldBlockFn: async () =>
      !(await confirm(MESSAGE_NOT_SAVED, { tone: 'warning', confirmText: 'Leave', cancelText: 'Stay' })),
  });

  const toggle = useMutation(
    trpc.settings.setOrdersClosed.mutationOptions({
      onSuccess: (settings, { isOpen }) => {
        replace(settings);
        // The spec: after the ordering call finishes, the editor text goes back to the saved message.
        setDraft(settings.find((s) => s.name === 'Message')?.value ?? '');
        notify.success(isOpen ? 'Online ordering is open.' : 'Online ordering is closed.');
      },
      onError: showApiFailure,
    }),
  );

  // The storefront's own renderer: the preview shows exactly the banner visitors will see.
  const previewContent = useMemo(() => (preview ? messageToReact(draft) : null), [preview, draft]);

  if (query.isLoading) return <p>Loading...</p>;
  if (query.isError) {
    return <LoadFailed what="The settings" retry={() => query.refetch()} />;
  }

  return (
    <div className="admin-settings">
      <h1>Settings - Admin</h1>
      {preview ? (
        <div className="alert alert-info settings-preview" data-testid="message-preview">
          {previewContent ? (
            <div>{previewContent}</div>
          ) : (
            <em>The message is empty, so the storefront shows no banner.</em>
          )}
        </div>
      ) : null}
      <div className="table-wrap">
        <table className="table settings-table">
          <TableHead columns={[{ label: 'Setting', className: 'settings-table-name' }, 'Value']} />
          <tbody>
            <tr>
              <th scope="row">Online Ordering</th>
              <td>
                <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
                  <span
                    className={`label ${view.ordersOpen ? 'label-success' : 'label-danger'}`}
                    data-testid="ordering-state"
                  >
                    {view.ordersOpen ? 'Open' : 'Closed'}
                  </span>
                  <button
                    type="button"
                    className={`btn btn-sm ${view.ordersOpen ? 'btn-danger' : 'btn-success'}`}
                    disabled={toggle.isPending}
                    onClick={async () => {
                      const open = !view.ordersOpen;
                      if (await confirm(orderingToggleConfirm(open), { tone: open ? 'success' : 'danger' }))
                        toggle.mutate({ isOpen: open });
                    }}
                  >
                    {toggle.isPending
                      ? 'Saving...'
                      : view.ordersOpen
                        ? 'Close Online Ordering'
                        : 'Open Online Ordering'}
                  </button>
                </div>
              </td>
            </tr>
            <tr>
              <th scope="row">Message</th>
              <td>
                <MessageSetting
                  saved={view.message}
                  draft={draft}
                  setDraft={setDraft}
                  preview={preview}
                  setPreview={setPreview}
                  onSaved={(settings) => {
                    replace(settings);
                    setDraft(settings.find((s) => s.name === 'Message')?.value ?? '');
                  }}
                />
              </td>
            </tr>
            <tr>
              <th scope="row">Pdf Flyer</th>
              <td>
                <FlyerSetting location={view.pdfLocation} onSaved={replace} />
              </td>
            </tr>
            <tr>
              <th scope="row">Product Stock Emails</th>
              <td>
                <StockEmailsSetting saved={view.stockEmails} onSaved={replace} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <SeasonSection />
      <PickUpDaysSection />
      <CatalogSheetSection />
      <CustomerEmailsSection />
      <BackupSection
        onRestored={(settings) => {
          replace(settings);
          setDraft(settings.find((s) => s.name === 'Message')?.value ?? '');
        }}
      />
      <IntegrationsSection />
      <WebhooksSection />
    </div>
  );
}
