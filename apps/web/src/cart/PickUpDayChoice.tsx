import type { PublicOutput } from '../lib/publicApi';
import './pickUpDayChoice.css';

export type OpenPickUpDay = PublicOutput<'pickUpDays.open'>[number];

/**
 * The details step's choice of pick-up day: one radio per day from today on, a full one disabled and marked
 * "Full". Renders nothing when the shop offers no day, so the checkout is then as it always was.
 */
export function PickUpDayChoice({
  days,
  chosen,
  invalid,
  refusal = null,
  disabled,
  onChoose,
}: {
  days: readonly OpenPickUpDay[];
  chosen: string;
  invalid: boolean;
  /** The server's reason the chosen day was refused, shown in the list's own box. */
  refusal?: string | null;
  disabled: boolean;
  onChoose: (pickUpDayId: string) => void;
}) {
  if (days.length === 0) return null;
  // The first day one can choose carries the id the validation focuses.
  const firstOpen = days.find((d) => !d.isFull)?.pickUpDayId;
  return (
    <fieldset
      id="pick-up-choice"
      // Focused as a whole when the server refused the chosen day: the legend and the reason are read out.
      tabIndex={-1}
      className="form-group pick-up-choice"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={refusal ? 'pick-up-choice-refusal pick-up-choice-help' : 'pick-up-choice-help'}
    >
      <legend className="form-label">Pick-up day</legend>
      {refusal ? (
        <p id="pick-up-choice-refusal" className="alert alert-danger pick-up-choice-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <p id="pick-up-choice-help" className="text-muted pick-up-choice-help">
        Choose the day you will collect your order.
      </p>
      <ul className="pick-up-choice-list">
        {days.map((day) => {
          const value = String(day.pickUpDayId);
          const id = day.pickUpDayId === firstOpen ? 'order-pickUpDayId' : `order-pickUpDay-${value}`;
          return (
            <li key={day.pickUpDayId} className={day.isFull ? 'is-full' : undefined}>
              <input
                type="radio"
                id={id}
                name="pickUpDayId"
                value={value}
                checked={chosen === value}
                disabled={disabled || day.isFull}
                onChange={() => onChoose(value)}
              />
              <label htmlFor={id}>
                <span className="pick-up-choice-date">{day.displayDate}</span>
                <span className="pick-up-choice-hours">{day.displayHours}</span>
                {day.note ? <span className="pick-up-choice-note">{day.note}</span> : null}
                {day.isFull ? <span className="label label-danger">Full</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
