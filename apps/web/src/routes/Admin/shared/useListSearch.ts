import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ContactsSearch, pageIndexOf, pageOf } from '../searchParams';

/**
 * A list screen's filters kept in the address (routes/Admin/searchParams.ts), so a link or the Back button
 * brings the list back as it was. Changes replace the address rather than add to the history: Back leaves the
 * screen, as before, instead of stepping through every key typed.
 */
/** A change of the filters: a key set to undefined leaves the address. */
type SearchChange = { [K in keyof ContactsSearch]?: ContactsSearch[K] | undefined };

export function useListSearch() {
  const search = useSearch({ strict: false }) as ContactsSearch;
  const navigate = useNavigate();
  const update = useCallback(
    (change: SearchChange) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...change }),
        replace: true,
      } as Parameters<typeof navigate>[0]),
    [navigate],
  );
  const setPageIndex = useCallback((pageIndex: number) => update({ page: pageOf(pageIndex) }), [update]);

  // The filter box answers every key at once from its own state, and the address follows (a step later,
  // once the router has matched it). Only an address change this box did not make (Back, a link) replaces
  // what is in the box; its own changes still on their way are not mistaken for one.
  const q = search.q ?? '';
  const [text, setText] = useState(q);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current !== null) {
      if (q === sent.current) sent.current = null;
      return;
    }
    setText(q);
  }, [q]);
  const setFilterText = useCallback(
    (next: string) => {
      setText(next);
      sent.current = next;
      // A new filter starts again on the first page, where the best matches are.
      update({ q: next === '' ? undefined : next, page: undefined });
    },
    [update],
  );

  return { search, update, text, setFilterText, pageIndex: pageIndexOf(search.page), setPageIndex };
}
