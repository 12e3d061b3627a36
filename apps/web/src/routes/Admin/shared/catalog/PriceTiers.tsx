import type { ReactNode } from 'react';
import { TableHead } from '../../../../components/CardTable';
import { digitsOnly, nextTier, type TierRow } from './productForm';

export interface PriceTiersProps {
  rows: readonly TierRow[];
  /** Changes the rows from the latest ones, as a state updater does. */
  onChange: (update: (rows: readonly TierRow[]) => TierRow[]) => void;
  /** The fieldset's legend: the modal's label, which marks a change and undoes it on double-click. */
  legend: ReactNode;
}

/** The product's price table: one row per quantity tier, edited as typed and checked on save. */
export function PriceTiers({ rows, onChange, legend }: PriceTiersProps) {
  const setTier = (key: string, patch: Partial<TierRow>) =>
    onChange((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="form-group tier-fieldset">
      <legend style={{ padding: 0 }}>{legend}</legend>
      <div className="table-wrap">
        <table className="table table-sm tier-table">
          <TableHead columns={['Start Qty.', 'End Qty.', 'Price', 'Remove']} />
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="data-table-empty">
                  No prices yet: use Add New Price.
                </td>
              </tr>
            ) : null}
            {rows.map((row, index) => (
              <tr key={row.key}>
                <td>
                  <input
                    className="form-control form-control-sm"
                    inputMode="numeric"
                    aria-label={`Start quantity of price ${index + 1}`}
                    value={row.startQuantity}
                    onChange={(e) =>
                      digitsOnly(e.target.value) && setTier(row.key, { startQuantity: e.target.value })
                    }
                  />
                </td>
                <td>
                  <input
                    className="form-control form-control-sm"
                    inputMode="numeric"
                    placeholder="and up"
                    aria-label={`End quantity of price ${index + 1} (empty for no end)`}
                    value={row.endQuantity}
                    onChange={(e) =>
                      digitsOnly(e.target.value) && setTier(row.key, { endQuantity: e.target.value })
                    }
                  />
                </td>
                <td>
                  <div className="input-group">
                    <span className="btn btn-sm btn-outline" aria-hidden="true" style={{ cursor: 'default' }}>
                      $
                    </span>
                    <input
                      className="form-control form-control-sm"
                      inputMode="decimal"
                      aria-label={`Price per unit of price ${index + 1}`}
                      value={row.price}
                      onChange={(e) => setTier(row.key, { price: e.target.value })}
                    />
                  </div>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-danger tier-remove"
                    aria-label={`Remove price ${index + 1}`}
                    onClick={() => onChange((all) => all.filter((r) => r.key !== row.key))}
                  >
                    <span className="tier-remove-label">Remove</span>
                    <span className="tier-remove-icon" aria-hidden="true">
                      ×
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => onChange((all) => [...all, nextTier(all)])}
      >
        Add New Price
      </button>
      <p className="form-hint">
        Prices start at quantity 1 and follow on without gaps or overlaps; leave the last End Qty. empty for
        "and up".
      </p>
    </fieldset>
  );
}
