import {
  ORDER_PICKUP_FILTERS,
  ORDER_TAX_FILTERS,
  type OrderPickupFilter,
  type OrderTaxFilter,
} from '@nursery/domain';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { downloadExport } from '../shared/download';
import { usePickUpDayMenuName } from '../shared/pickUpDays';
import type { OrdersSearch } from './ordersSearch';

/**
 * Above the Orders list: Add Order, the two exports, the chart's switch, and the filters (season, tax, pick-up
 * day, picked up or not, and the text box). Each filter goes to the address through `onChange`.
 */
export function OrdersToolbar({
  season,
  seasons,
  tax,
  pickUpDay,
  pickUpDays,
  pickup,
  text,
  onText,
  onChange,
  showChart,
  onToggleChart,
}: {
  season: number | null;
  seasons: readonly { value: number; label: string }[] | undefined;
  tax: OrderTaxFilter;
  pickUpDay: number | 'none' | 'all';
  pickUpDays: readonly { pickUpDayId: number; date: string; displayDate: string }[];
  pickup: OrderPickupFilter;
  text: string;
  onText: (text: string) => void;
  onChange: (change: { [K in keyof OrdersSearch]?: OrdersSearch[K] | undefined }) => void;
  showChart: boolean;
  onToggleChart: () => void;
}) {
  const [exporting, setExporting] = useState<null | 'yoy' | 'current'>(null);
  const menuName = usePickUpDayMenuName();
  const runExport = async (which: 'yoy' | 'current') => {
    setExporting(which);
    if (which === 'yoy') await downloadExport('/Exports/GetYearOverYearExport', 'YearOverYearByMonth');
    else
      await downloadExport('/Exports/GetCurrentSeasonOrdersWithProducts', 'CurrentSeasonOrdersWithProducts');
    setExporting(null);
  };

  return (
    <div className="data-table-toolbar orders-toolbar">
      <div className="row-gap">
        <Link to="/Admin/Orders/Edit" className="btn btn-primary">
          Add Order...
        </Link>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={exporting !== null}
          onClick={() => runExport('yoy')}
        >
          {exporting === 'yoy' ? 'Exporting...' : 'Export Year Over Year'}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={exporting !== null}
          onClick={() => runExport('current')}
        >
          {exporting === 'current' ? 'Exporting...' : 'Export Current Orders'}
        </button>
        <button
          type="button"
          className="btn btn-link"
          aria-expanded={showChart}
          aria-controls={showChart ? 'orders-year-over-year' : undefined}
          onClick={onToggleChart}
        >
          {showChart ? 'Hide chart' : 'Year over year chart'}
        </button>
      </div>
      <div className="row-gap orders-filters">
        <label className="row-gap">
          <span className="sr-only">Season</span>
          <select
            className="form-select"
            aria-label="Season"
            value={season ?? ''}
            onChange={(event) => onChange({ season: Number(event.target.value), page: undefined })}
            disabled={!seasons}
          >
            {(seasons ?? []).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <select
          className="form-select"
          aria-label="Tax exemption"
          value={tax}
          onChange={(event) => {
            const chosen = ORDER_TAX_FILTERS.find((f) => f === event.target.value);
            onChange({ tax: chosen && chosen !== 'all' ? chosen : undefined, page: undefined });
          }}
        >
          <option value="all">Taxed and exempt</option>
          <option value="exempt">Tax exempt only</option>
          <option value="taxed">Taxed only</option>
        </select>
        {pickUpDays.length > 0 || pickUpDay !== 'all' ? (
          <select
            className="form-select"
            aria-label="Pick-up day"
            value={String(pickUpDay)}
            onChange={(event) => {
              const value = event.target.value;
              onChange({
                day: value === 'all' ? undefined : value === 'none' ? 'none' : Number(value),
                page: undefined,
              });
            }}
          >
            <option value="all">Every pick-up day</option>
            {pickUpDays.map((d) => (
              <option key={d.pickUpDayId} value={d.pickUpDayId}>
                {menuName.name(d)}
              </option>
            ))}
            <option value="none">No pick-up day</option>
          </select>
        ) : null}
        <select
          className="form-select"
          aria-label="Pick-up"
          value={pickup}
          onChange={(event) => {
            const chosen = ORDER_PICKUP_FILTERS.find((f) => f === event.target.value);
            onChange({ pickup: chosen && chosen !== 'all' ? chosen : undefined, page: undefined });
          }}
        >
          <option value="all">Waiting and picked up</option>
          <option value="waiting">Waiting for pick-up</option>
          <option value="pickedUp">Picked up</option>
        </select>
        <input
          type="search"
          className="form-control"
          placeholder="Filter Orders..."
          aria-label="Filter Orders"
          value={text}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
    </div>
  );
}
