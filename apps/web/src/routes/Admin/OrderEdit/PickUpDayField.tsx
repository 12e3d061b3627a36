import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../trpc';
import { pickUpDaysQuery, usePickUpDayMenuName } from '../shared/pickUpDays';

/**
 * The order's pick-up day on the edit page: staff move an order to another day with room. A full day is
 * listed but cannot be chosen (the server refuses it too, 409): raise its capacity in Settings first.
 * Shown only while the shop has pick-up days or the order has one.
 */
export function PickUpDayField({
  id,
  saved,
  value,
  onChange,
}: {
  id: string;
  /** The day the order is stored with; it stays choosable even when full (it already counts there). */
  saved: number | null;
  value: number | null;
  onChange: (pickUpDayId: number | null) => void;
}) {
  const days = useQuery(pickUpDaysQuery(trpc));
  const menuName = usePickUpDayMenuName();
  // Until the days arrive the select could not show the order's own day among its options.
  if (days.data === undefined) return null;
  const list = days.data;
  if (list.length === 0 && saved === null) return null;
  const modified = value !== saved;
  return (
    <section className="order-edit-pick-up card">
      <div className="card-body">
        <label htmlFor={id} className={`form-label${modified ? ' is-modified' : ''}`}>
          Pick-up day
          {modified ? <span className="sr-only"> (modified)</span> : null}
        </label>
        <select
          id={id}
          className="form-select"
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">No pick-up day</option>
          {list.map((d) => {
            const full = d.isFull && d.pickUpDayId !== saved;
            return (
              <option key={d.pickUpDayId} value={d.pickUpDayId} disabled={full}>
                {`${menuName.name(d)}${menuName.compact ? '' : `, ${d.displayHours}`} (${d.booked} of ${d.capacity})${full ? ' - Full' : ''}${d.isPast ? ' - Past' : ''}`}
              </option>
            );
          })}
        </select>
      </div>
    </section>
  );
}
