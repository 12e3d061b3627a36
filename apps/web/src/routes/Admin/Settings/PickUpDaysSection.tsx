import type { RouterOutputs } from '@nursery/api/types';
import { type PickUpDayFormInput, pickUpDayInputSchema, withFieldLabels } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useSingleFlight } from '../../../lib/singleFlight';
import { dismissToast, notify, showFormFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { pickUpDaysQuery } from '../shared/pickUpDays';
import './pickUpDays.css';
import { LoadFailed } from '../../../components/LoadFailed';

type PickUpDay = RouterOutputs['pickUpDays']['all'][number];

interface Draft {
  pickUpDayId: number | null;
  date: string;
  startTime: string;
  endTime: string;
  capacity: string;
  note: string;
}

const EMPTY: Draft = {
  pickUpDayId: null,
  date: '',
  startTime: '09:00',
  endTime: '16:00',
  capacity: '',
  note: '',
};
const FAILURE_TOAST = 'pick-up-days-failure';
/** The form's labels, for messages that name a field as the API does (endTime, capacity). */
const LABELS = {
  date: 'Date',
  startTime: 'Opens',
  endTime: 'Closes',
  capacity: 'Orders it can take',
  note: 'Note',
};

function draftOf(day: PickUpDay): Draft {
  return {
    pickUpDayId: day.pickUpDayId,
    date: day.date,
    startTime: day.startTime,
    endTime: day.endTime,
    capacity: String(day.capacity),
    note: day.note ?? '',
  };
}

/**
 * Settings > Pick-up Days: the season's days customers choose from at checkout, each with its hours and how
 * many orders it takes. A day with orders cannot be deleted (the server says how many to move first); its
 * date and hours can be changed instead, and its orders stay on it.
 */
export function PickUpDaysSection() {
  const queryClient = useQueryClient();
  const days = useQuery(pickUpDaysQuery(trpc));
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof Draft, string>>>({});
  const dateInput = useRef<HTMLInputElement>(null);
  const once = useSingleFlight();
  const id = useId();
  const replace = (next: PickUpDay[]) => queryClient.setQueryData(trpc.pickUpDays.all.queryKey(), next);

  const save = useMutation(
    trpc.pickUpDays.save.mutationOptions({
      onSuccess: (next) => {
        replace(next);
        dismissToast(FAILURE_TOAST);
        notify.success(draft.pickUpDayId === null ? 'Pick-up day added.' : 'Pick-up day saved.');
        setDraft(EMPTY);
        setProblems({});
      },
      onError: (error) => showFormFailure(error, FAILURE_TOAST, LABELS),
    }),
  );
  const remove = useMutation(
    trpc.pickUpDays.delete.mutationOptions({
      onSuccess: (next) => {
        replace(next);
        dismissToast(FAILURE_TOAST);
        notify.success('Pick-up day deleted.');
        // Its row and the button that had the focus are gone: the keyboard goes on from the form.
        dateInput.current?.focus();
      },
      onError: (error) => showFormFailure(error, FAILURE_TOAST, LABELS),
    }),
  );

  const submit = () => {
    const input: PickUpDayFormInput = {
      pickUpDayId: draft.pickUpDayId,
      date: draft.date,
      startTime: draft.startTime,
      endTime: draft.endTime,
      capacity: /^\d+$/.test(draft.capacity.trim()) ? Number(draft.capacity.trim()) : Number.NaN,
      note: draft.note,
    };
    // The server's own schema first, so each field is marked with its message before any round trip.
    const parsed = pickUpDayInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Draft | undefined;
        if (field && !found[field]) found[field] = withFieldLabels(issue.message, LABELS);
      }
      setProblems(found);
      const first = (['date', 'startTime', 'endTime', 'capacity', 'note'] as const).find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setProblems({});
    once(() => save.mutateAsync(input));
  };

  const field = (name: keyof Draft, label: string, input: React.ReactNode) => (
    <div className={`pick-up-field pick-up-field-${name}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {problems[name] ? (
        <div className="pick-up-problem" id={`${id}-${name}-problem`}>
          {problems[name]}
        </div>
      ) : null}
    </div>
  );
  const inputProps = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    className: 'form-control',
    value: String(draft[name] ?? ''),
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-problem` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [name]: e.target.value }),
  });

  const editing = draft.pickUpDayId !== null;
  return (
    <section className="pick-up-days" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pick-up Days</h2>
      <p className="pick-up-help">
        The days customers choose from at checkout, and how many orders each can take. With no day from today
        on, the checkout asks for none.
      </p>
      <form
        className="pick-up-form"
        aria-label={editing ? 'Change pick-up day' : 'Add a pick-up day'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {field('date', LABELS.date, <input type="date" ref={dateInput} required {...inputProps('date')} />)}
        {field('startTime', LABELS.startTime, <input type="time" required {...inputProps('startTime')} />)}
        {field('endTime', LABELS.endTime, <input type="time" required {...inputProps('endTime')} />)}
        {field(
          'capacity',
          LABELS.capacity,
          <input type="number" inputMode="numeric" min={1} step={1} required {...inputProps('capacity')} />,
        )}
        {field('note', 'Note (optional)', <input type="text" maxLength={200} {...inputProps('note')} />)}
        <div className="pick-up-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Save Day' : 'Add Day'}
          </button>
          {editing ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setDraft(EMPTY);
                setProblems({});
              }}
            >
              Cancel
            </button>
          ) : null}
        </div>
      </form>
      {days.isLoading ? (
        <p>Loading...</p>
      ) : days.isError ? (
        <LoadFailed what="The pick-up days" retry={() => days.refetch()} />
      ) : (days.data ?? []).length === 0 ? (
        <p className="pick-up-empty">No pick-up days yet: the checkout asks for none.</p>
      ) : (
        <ul className="pick-up-list" aria-label="Pick-up days">
          {(days.data ?? []).map((day) => (
            <li key={day.pickUpDayId} className={day.isPast ? 'pick-up-past' : undefined}>
              <div className="pick-up-when">
                <strong>{day.displayDate}</strong>
                <span>{day.displayHours}</span>
                {day.note ? <span className="pick-up-note">{day.note}</span> : null}
              </div>
              <div className="pick-up-count">
                {day.booked} of {day.capacity} orders
                {day.isFull ? <span className="label label-danger">Full</span> : null}
                {day.isPast ? <span className="label label-default">Past</span> : null}
              </div>
              <div className="pick-up-buttons">
                <button
                  type="button"
                  className="btn btn-sm btn-secondary"
                  aria-label={`Edit ${day.displayDate}`}
                  onClick={() => {
                    setDraft(draftOf(day));
                    setProblems({});
                    dateInput.current?.focus();
                  }}
                >
                  Edit
                </button>
                <ConfirmButton
                  aria-label={`Delete ${day.displayDate}`}
                  disabled={remove.isPending}
                  question={`Delete the pick-up day ${day.displayDate}?`}
                  confirmText="Delete"
                  onConfirm={() => once(() => remove.mutateAsync({ pickUpDayId: day.pickUpDayId }))}
                >
                  Delete
                </ConfirmButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
