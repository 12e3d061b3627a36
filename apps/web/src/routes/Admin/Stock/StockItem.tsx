import {
  newStockValueLine,
  STOCK_PENDING_HINT,
  stockChangeProblem,
  stockChangeWarnings,
} from '@nursery/domain';
import { useId, useRef } from 'react';
import { StatusDropdown } from '../shared/catalog/StatusDropdown';
import type { AdminProduct, StockHistoryEntry } from '../shared/catalog/types';
import { WaitlistRestockHint } from '../shared/catalog/WaitlistPanel';
import { StockHistoryTable } from './StockHistoryTable';
import { stockChangeOf } from './stockInput';

/** A product's stock history once loaded, and whether it is open under the product. */
export interface HistoryState {
  entries: StockHistoryEntry[];
  shown: boolean;
}

/** One product of the stock list: its figures, the change typed for it and its history. */
export function StockItem({
  product,
  text,
  onText,
  onStep,
  onReset,
  history,
  historyLoading,
  onLoadHistory,
  onToggleHistory,
  waiting,
}: {
  product: AdminProduct;
  text: string;
  onText: (text: string) => void;
  onStep: (step: 1 | -1) => void;
  onReset: () => void;
  history: HistoryState | undefined;
  historyLoading: boolean;
  onLoadHistory: () => void;
  onToggleHistory: () => void;
  /** Customers on its waitlist still to be told. */
  waiting: number;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const change = stockChangeOf(text);
  const hasPending = text !== '';
  const problem = hasPending ? stockChangeProblem(text) : null;
  const invalid = problem !== null;
  const warnings = change === null || change === 0 ? [] : stockChangeWarnings(product, change);
  return (
    <li
      className={`stock-item${hasPending ? ' has-pending' : ''}`}
      data-testid={`stock-${product.productId}`}
    >
      <div className="stock-item-head">
        <h2>
          {product.name}
          {hasPending ? (
            <span className="pending-mark" title={STOCK_PENDING_HINT}>
              {' '}
              <span aria-hidden="true">*</span>
              <span className="sr-only">{STOCK_PENDING_HINT}</span>
            </span>
          ) : null}
        </h2>
        <span className="text-muted">{product.productType}</span>
        {product.species ? <em>{product.species}</em> : null}
        {product.productSize ? <span>{product.productSize}</span> : null}
        <StatusDropdown product={product} />
      </div>
      <dl className="stock-figures">
        <div>
          <dt>Num Sold</dt>
          <dd>{product.displayNumSold}</dd>
        </div>
        <div>
          <dt>Revenue</dt>
          <dd>{product.displayProductRevenue}</dd>
        </div>
        <div>
          <dt>Current Stock</dt>
          <dd data-testid={`current-stock-${product.productId}`}>{product.currentStock}</dd>
        </div>
        <div>
          <dt>Left after orders</dt>
          <dd>{product.displayCalculatedStock}</dd>
        </div>
      </dl>
      <div className="stock-change">
        <label className="sr-only" htmlFor={`${id}-change`}>
          Change in stock for {product.name}
        </label>
        <div className={`input-group${invalid ? ' has-error' : ''}`}>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onStep(-1)}
            aria-label={`-1 from ${product.name}`}
          >
            -1
          </button>
          <input
            ref={inputRef}
            id={`${id}-change`}
            className="form-control"
            inputMode="numeric"
            placeholder="0"
            value={text}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${id}-line`}
            onChange={(e) => onText(e.target.value)}
          />
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onStep(1)}
            aria-label={`+1 to ${product.name}`}
          >
            +1
          </button>
        </div>
        {hasPending ? (
          <button
            type="button"
            className="btn btn-sm btn-warning"
            onClick={() => {
              // Reset disappears with the change it clears; the input keeps focus for the next number.
              inputRef.current?.focus();
              onReset();
            }}
          >
            Reset
          </button>
        ) : null}
        <span id={`${id}-line`}>
          {hasPending ? (
            <>
              <span className="text-muted">{STOCK_PENDING_HINT}</span>{' '}
              {newStockValueLine(product.currentStock + (change ?? 0))}
              {problem ? <span className="form-error"> {problem}</span> : null}
              {warnings.map((warning) => (
                <span key={warning} className="stock-warning">
                  {' '}
                  {warning}
                </span>
              ))}
            </>
          ) : null}
        </span>
      </div>
      {/* While the restock is typed and after it is saved, until the status is set. */}
      <WaitlistRestockHint product={product} change={change ?? 0} waiting={waiting} />
      <div className="row-gap" style={{ marginTop: '0.5rem' }}>
        {history ? (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={onToggleHistory}
            aria-expanded={history.shown}
          >
            {history.shown ? 'Hide History' : 'Show History'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => {
              if (!historyLoading) onLoadHistory();
            }}
            // aria-disabled keeps focus on the button, which becomes Hide History once loaded.
            aria-disabled={historyLoading}
            aria-busy={historyLoading}
            // The spec's words; what it loads is the product's stock history, which the title and the heading
            // above the loaded table say, so nobody looks for prices in it.
            title={`Shows every change in stock of ${product.name}: how much, by whom, when and why`}
          >
            {historyLoading ? <span className="spinner" aria-hidden="true" /> : null} Load Price History
          </button>
        )}
      </div>
      {history?.shown ? (
        <>
          <h3 className="stock-history-title">Stock history of {product.name}</h3>
          <StockHistoryTable entries={history.entries} productName={product.name} />
        </>
      ) : null}
    </li>
  );
}
