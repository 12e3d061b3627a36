import { SETTING_NAMES } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSingleFlight } from '../../../lib/singleFlight';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import type { Setting } from './useSettings';

/** The Product Stock Emails row: addresses told when a product sells out; Save shows only when changed. */
export function StockEmailsSetting({
  saved,
  onSaved,
}: {
  saved: string;
  onSaved: (settings: Setting[]) => void;
}) {
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const once = useSingleFlight();
  const save = useMutation(
    trpc.settings.setProductStockEmails.mutationOptions({
      onSuccess: (settings) => {
        onSaved(settings);
        // The server tidies the list (separators, duplicates, spaces); when the tidy text equals the old one,
        // `saved` does not change, so the field is set here or Save would stay on screen.
        setValue(settings.find((s) => s.name === SETTING_NAMES.productStockEmails)?.value ?? '');
        notify.success('Stock e-mail list saved.');
      },
      onError: showApiFailure,
    }),
  );
  return (
    <form
      style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        once(() => save.mutateAsync({ emails: value }));
      }}
    >
      <label className="visually-hidden" htmlFor="settings-stock-emails">
        Product Stock Emails
      </label>
      <input
        id="settings-stock-emails"
        className="form-control"
        style={{ flex: '1 1 20rem' }}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="owner@example.com, grower@example.com"
        autoComplete="off"
      />
      {value !== saved ? (
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      ) : null}
    </form>
  );
}
