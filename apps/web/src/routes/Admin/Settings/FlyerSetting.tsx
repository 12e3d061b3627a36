import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { restCall } from '../../../lib/rest';
import { useSingleFlight } from '../../../lib/singleFlight';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import type { Setting } from './useSettings';

/** The Pdf Flyer row: a link and Delete when a flyer is set; otherwise a PDF chooser and Upload. */
export function FlyerSetting({
  location,
  onSaved,
}: {
  location: string;
  onSaved: (settings: Setting[]) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const once = useSingleFlight();
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen, chosen.name);
      return restCall<Setting[]>('PUT', '/api/v1/Settings/SetActivePdf', { body: form });
    },
    onSuccess: (settings) => {
      onSaved(settings);
      setFile(null);
      if (input.current) input.current.value = '';
      notify.success('Flyer uploaded.');
    },
    onError: showApiFailure,
  });
  const clear = useMutation(
    trpc.settings.clearActivePdf.mutationOptions({
      onSuccess: (settings) => {
        onSaved(settings);
        notify.success('Flyer removed.');
      },
      onError: showApiFailure,
    }),
  );

  if (location) {
    return (
      <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <a href={location} target="_blank" rel="noreferrer">
          {location.split('/').pop()}
        </a>
        <ConfirmButton
          disabled={clear.isPending}
          question="Remove the PDF flyer from the shop?"
          confirmText="Remove"
          onConfirm={() => clear.mutate()}
        >
          {clear.isPending ? 'Removing...' : 'Delete'}
        </ConfirmButton>
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
      <label className="visually-hidden" htmlFor="settings-flyer-file">
        PDF flyer
      </label>
      <input
        id="settings-flyer-file"
        ref={input}
        type="file"
        accept="application/pdf"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      {file ? (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={upload.isPending}
          onClick={() => once(() => upload.mutateAsync(file))}
        >
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </button>
      ) : null}
    </div>
  );
}
