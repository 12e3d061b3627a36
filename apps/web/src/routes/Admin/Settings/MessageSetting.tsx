import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
  const [askName, setAskName] = useState(false);
  const [name, setName] = useState('');
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
        setAskName(false);
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
            setAskName(true);
          }}
          disabled={draft.trim() === ''}
        >
          Save as...
        </button>
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
        open={askName}
        onClose={() => setAskName(false)}
        title="Save message as"
        size="sm"
        canClose={!saveAs.isPending}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setAskName(false)}>
              Cancel
            </button>
            <button
              type="submit"
              form="save-message-as"
              className="btn btn-primary"
              disabled={saveAs.isPending || name.trim() === ''}
            >
              {saveAs.isPending ? 'Saving...' : 'Save'}
            </button>
          </>
        }
      >
        <form
          id="save-message-as"
          onSubmit={(e) => {
            e.preventDefault();
            saveAsOnce(() => saveAs.mutateAsync({ name: name.trim(), html: draft }));
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
            A message saved under an existing name replaces it.
          </p>
        </form>
      </Modal>
    </div>
  );
}
