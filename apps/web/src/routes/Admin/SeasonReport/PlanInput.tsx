import { PLAN_QUANTITY_INVALID, PLAN_QUANTITY_MAX, type SeasonReportRow } from '@nursery/domain';
import { useEffect, useState } from 'react';

/**
 * The quantity staff plan for next season, typed over the suggestion: saved when the field is left or Enter is
 * pressed, only when it changed; emptied, it goes back to the suggestion. A number out of range is refused here
 * with the server's words, before any request.
 */
export function PlanInput({
  row,
  nextLabel,
  save,
}: {
  row: SeasonReportRow;
  nextLabel: string;
  save: (productId: number, quantity: number | null) => Promise<boolean>;
}) {
  const shown = row.planned === null ? '' : String(row.planned);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(shown), [shown]);

  const commit = async () => {
    const trimmed = text.trim();
    if (trimmed === shown) return;
    const quantity = trimmed === '' ? null : Number(trimmed);
    if (quantity !== null && (!Number.isInteger(quantity) || quantity < 0 || quantity > PLAN_QUANTITY_MAX)) {
      setProblem(PLAN_QUANTITY_INVALID);
      return;
    }
    setProblem(null);
    if (!(await save(row.productId, quantity))) setText(shown);
  };

  const id = `plan-${row.productId}`;
  return (
    <div className="season-plan">
      <input
        id={id}
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        inputMode="numeric"
        value={text}
        placeholder={String(row.suggested)}
        aria-label={`Plan for ${nextLabel}: ${row.name}${row.productSize ? ` ${row.productSize}` : ''}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void commit();
          if (e.key === 'Escape') {
            setText(shown);
            setProblem(null);
          }
        }}
      />
      {problem ? (
        <div id={`${id}-problem`} className="invalid-feedback d-block">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
