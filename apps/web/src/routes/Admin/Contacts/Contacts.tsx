import type { RouterOutputs } from '@nursery/api/types';
import { mailtoHref, SUCCESSFULLY_UPDATED } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef, FilterFn } from '@tanstack/react-table';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { contactsQuery } from '../queries';
import { useListSearch } from '../shared/useListSearch';
import { useOptimisticFlags } from '../shared/useOptimisticFlags';
import '../shared/orders/orders.css';
import { ListFilter } from '../shared/ListFilter';

type Contact = RouterOutputs['contacts']['all'][number];

const contactFilterFn: FilterFn<Contact> = (row, _columnId, value: string) => {
  const needle = value.trim().toLowerCase();
  if (!needle) return true;
  const c = row.original;
  const haystack = `${c.contactId} ${c.name} ${c.email} ${c.comments} ${c.displayCreatedDate}`.toLowerCase();
  return needle.split(/\s+/).every((word) => haystack.includes(word));
};

function contactColumns(
  markSpam: RefObject<(contactId: number, isSpam: boolean) => void>,
): ColumnDef<Contact, unknown>[] {
  return [
    { accessorKey: 'contactId', header: 'Contact Id', meta: { width: '6.5rem', className: 'num' } },
    { accessorKey: 'name', header: 'Name', meta: { width: '13%' } },
    {
      accessorKey: 'email',
      header: 'Email',
      meta: { width: '17%', className: 'cell-ellipsis' },
      cell: ({ row }) => (
        <a href={mailtoHref(row.original.email)} title={row.original.email}>
          {row.original.email}
        </a>
      ),
    },
    {
      accessorKey: 'comments',
      header: 'Comments',
      cell: ({ row }) => <div className="contact-comments">{row.original.comments}</div>,
    },
    {
      accessorKey: 'isSpam',
      header: 'Is Spam',
      meta: { width: '6rem', className: 'text-center' },
      cell: ({ row }) => {
        const c = row.original;
        return (
          <input
            type="checkbox"
            className="switch spam-toggle"
            checked={c.isSpam}
            aria-label={`Contact ${c.contactId} is spam`}
            title={
              c.isSpam
                ? `${c.spamReason ?? 'Marked as spam.'} Untick if it is not spam.`
                : 'Tick to mark as spam.'
            }
            onChange={(e) => markSpam.current(c.contactId, e.target.checked)}
          />
        );
      },
    },
    {
      id: 'createdTimestamp',
      accessorFn: (c) => c.createdTimestamp,
      header: 'Contact Date',
      cell: ({ row }) => row.original.displayCreatedDate,
      meta: { width: '10rem' },
    },
  ];
}

/** /Admin/Contacts: messages left on the contact form, newest first, with spam marked and hideable. */
export function AdminContacts() {
  const queryClient = useQueryClient();
  const contacts = useQuery(contactsQuery(trpc));
  const list = useListSearch();
  const text = list.text;
  // The box answers a click at once; the address follows a step later (the router matches it first), and an
  // address change it did not make (Back, a link) sets it again.
  const hideSpamInAddress = list.search.spam !== true;
  const [hideSpam, setHideSpam] = useState(hideSpamInAddress);
  useEffect(() => setHideSpam(hideSpamInAddress), [hideSpamInAddress]);
  const key = trpc.contacts.all.queryKey();

  const setSpam = useMutation(
    trpc.contacts.setSpam.mutationOptions({
      onError: showApiFailure,
      onSuccess: (saved) => {
        queryClient.setQueryData<Contact[]>(key, (rows) =>
          rows?.map((c) => (c.contactId === saved.contactId ? saved : c)),
        );
        notify.success(SUCCESSFULLY_UPDATED);
      },
    }),
  );

  const spamFlags = useOptimisticFlags();
  const markSpam = (contactId: number, isSpam: boolean) =>
    spamFlags.flip(contactId, isSpam, (settled) =>
      setSpam.mutate({ contactId, isSpam }, { onSettled: settled }),
    );

  const all = useMemo(
    () =>
      (contacts.data ?? []).map((c) => {
        const wanted = spamFlags.pending.get(c.contactId);
        return wanted === undefined ? c : { ...c, isSpam: wanted };
      }),
    [contacts.data, spamFlags.pending],
  );
  const rows = useMemo(() => (hideSpam ? all.filter((c) => !c.isSpam) : all), [all, hideSpam]);
  const spamCount = all.length - all.filter((c) => !c.isSpam).length;

  // Made once, so React keeps each cell (and the keyboard's focus in it) across renders.
  const markSpamRef = useRef(markSpam);
  markSpamRef.current = markSpam;
  const columns = useMemo(() => contactColumns(markSpamRef), []);

  return (
    <div className="admin-contacts">
      <h1>Contact - Admin</h1>
      <div className="data-table-toolbar row-gap">
        <ListFilter list={list} noun="Contacts" />
        <label className="form-check">
          <input
            type="checkbox"
            checked={hideSpam}
            onChange={(e) => {
              setHideSpam(e.target.checked);
              list.update({ spam: e.target.checked ? undefined : true, page: undefined });
            }}
          />{' '}
          Hide spam
          {spamCount > 0 ? ` (${spamCount})` : ''}
        </label>
      </div>
      {contacts.isError ? <p className="alert alert-danger">{contacts.error.message}</p> : null}
      <DataTable
        data={rows}
        columns={columns}
        globalFilter={text}
        globalFilterFn={contactFilterFn}
        pageIndex={list.pageIndex}
        onPageIndexChange={list.setPageIndex}
        initialSorting={[{ id: 'createdTimestamp', desc: true }]}
        getRowId={(c) => String(c.contactId)}
        fixedLayout
        caption="Contact form messages"
        emptyText={contacts.isPending ? 'Loading...' : 'No messages.'}
        testId="contacts-table"
      />
    </div>
  );
}
