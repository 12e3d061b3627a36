import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { useSingleFlight } from '../../../lib/singleFlight';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { savedMessagesQuery } from '../queries';
import type { Setting } from './useSettings';

interface Props {
  saved: string;
  draft: string;
  setDraft: (html: string) => void;
  preview: boolean;
  setPreview: (on: boolean) => void;
  onSaved: (settings: Setting[]) => void;
}

/** The Message row: editor, Save when changed, saved-message chooser, Save as... and Preview. */
export function MessageSetting({ saved, draft, setDraft, preview, setPreview, onSaved }: Props) {
  const queryClient = useQueryClient();
  const savedMessages = useQuery(savedMessagesQuery(trpc));
  const [chosen, setChosen] = useState('');
  /** The name dialog: naming the text in the editor (Save as...) or renaming the chosen saved message. */
  const [askName, setAskName] = useState<'saveAs' | 'rename' | null>(null);
  const [name, setName] = useState('');
  const chosenMessage = savedMessages.data?.find((m) => m.name === chosen);
  const dirty = draft !== saved;

  const saveOnce = useSingleFlight();
  const saveAsOnce = useSingleFlight();
  const save = useMutation(
    trpc.settings.setMessage.mutationOptions({
      onSuccess: (settings) => {
        onSaved(settings);
        notify.success('Message saved.');
      },
      onError: showApiFailure,
    }),
  );
  const saveAs = useMutation(
    trpc.settings.saveMessageAs.mutationOptions({
      // Saving under a name leaves the live message alone, so the editor keeps the text just named (as the
      // server cleaned it) and stays dirty: the staff member may still Save it as the message.
      onSuccess: async (_settings, input) => {
        setAskName(null);
        const list = await queryClient.fetchQuery({
          ...savedMessagesQuery(trpc),
          staleTime: 0,
        });
        const stored = list.find((m) => m.name === input.name);
        if (stored) setDraft(stored.messageHtml);
        setChosen(input.name);
        notify.success(`Saved as "${input.name}".`);
      },
      onError: showApiFailure,
    }),
  );

  const renameOnce = useSingleFlight();
  const rename = useMutation(
    trpc.settings.renameSavedMessage.mutationOptions({
      onSuccess: (list, input) => {
        queryClient.setQueryData(savedMessagesQuery(trpc).queryKey, list);
        setAskName(null);
        setChosen(input.name);
        notify.success(`Renamed to "${input.name}".`);
      },
      onError: showApiFailure,
    }),
  );
  const remove = useMutation(
    trpc.settings.deleteSavedMessage.mutationOptions({
      onSuccess: (list) => {
        queryClient.setQueryData(savedMessagesQuery(trpc).queryKey, list);
        // The editor keeps the text: deleting the saved copy never touches the message being edited.
        setChosen('');
        notify.success('Saved message deleted.');
      },
      onError: showApiFailure,
    }),
  );
  const askDelete = async () => {
    if (!chosenMessage) return;
    const yes = await confirm(
      `Delete the saved message "${chosenMessage.name}"? The message shown on the shop stays as it is.`,
      { tone: 'danger', confirmText: 'Delete' },
    );
    if (yes) remove.mutate({ messageId: chosenMessage.messageId });
  };

  // Keep the chooser honest: once the text no longer is the chosen message, show it as unnamed.
  useEffect(() => {
    const match = savedMessages.data?.find((m) => m.name === chosen);
    if (chosen && match && match.messageHtml !== draft) setChosen('');
  }, [draft, chosen, savedMessages.data]);

  return (
    <div className="settings-message">
      <label className="visually-hidden" htmlFor="settings-message-text">
        Message
      </label>
      <textarea
        id="settings-message-text"
        className="form-control"
        rows={5}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder="A note shown at the top of every storefront page, e.g. <strong>Spring pickup starts April 20.</strong>"
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.9rem' }}
      />
      <div
        className="settings-actions"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: '0.5rem',
          marginTop: '0.5rem',
          alignItems: 'center',
        }}
      >
        <label className="visually-hidden" htmlFor="settings-saved-messages">
          Saved messages
        </label>
        <select
          id="settings-saved-messages"
          className="form-control form-control-sm"
          style={{ width: 'auto', minWidth: '12rem' }}
          value={chosen}
          onChange={(e) => {
            const next = e.target.value;
            setChosen(next);
            setDraft(savedMessages.data?.find((m) => m.name === next)?.messageHtml ?? '');
          }}
        >
          <option value="">{savedMessages.isLoading ? 'Loading...' : ''}</option>
          {savedMessages.data?.map((m) => (
            <option key={m.messageId} value={m.name}>
              {m.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => setPreview(!preview)}
          aria-pressed={preview}
        >
          {preview ? 'Hide Preview' : 'Preview'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => {
            setName(chosen);
            setAskName('saveAs');
          }}
          disabled={draft.trim() === ''}
        >
          Save as...
        </button>
        {chosenMessage ? (
          <>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              aria-label={`Rename saved message ${chosenMessage.name}`}
              onClick={() => {
                setName(chosenMessage.name);
                setAskName('rename');
              }}
            >
              Rename...
            </button>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              aria-label={`Delete saved message ${chosenMessage.name}`}
              disabled={remove.isPending}
              onClick={() => void askDelete()}
            >
              {remove.isPending ? 'Deleting...' : 'Delete...'}
            </button>
          </>
        ) : null}
        {dirty ? (
          <>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={save.isPending}
              onClick={() => saveOnce(() => save.mutateAsync({ html: draft }))}
            >
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="btn btn-sm btn-link" onClick={() => setDraft(saved)}>
              Undo changes
            </button>
          </>
        ) : null}
      </div>
      <Modal
        open={askName !== null}
        onClose={() => setAskName(null)}
        title={askName === 'rename' ? 'Rename saved message' : 'Save message as'}
        size="sm"
        canClose={!saveAs.isPending && !rename.isPending}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setAskName(null)}>
              Cancel
            </button>
            <button
              type="submit"
              form="save-message-as"
              className="btn btn-primary"
              disabled={saveAs.isPending || rename.isPending || name.trim() === ''}
            >
              {saveAs.isPending || rename.isPending ? 'Saving...' : askName === 'rename' ? 'Rename' : 'Save'}
            </button>
          </>
        }
      >
        <form
          id="save-message-as"
          onSubmit={(e) => {
            e.preventDefault();
            if (askName === 'rename' && chosenMessage) {
              const messageId = chosenMessage.messageId;
              renameOnce(() => rename.mutateAsync({ messageId, name: name.trim() }));
            } else saveAsOnce(() => saveAs.mutateAsync({ name: name.trim(), html: draft }));
          }}
        >
          <label htmlFor="save-message-name">Name</label>
          <input
            id="save-message-name"
            className="form-control"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            data-autofocus
          />
          <p className="text-muted" style={{ fontSize: '0.85rem' }}>
            {askName === 'rename'
              ? 'The saved text stays as it is; only its name changes.'
              : 'A message saved under an existing name replaces it.'}
          </p>
        </form>
      </Modal>
    </div>
  );
}
