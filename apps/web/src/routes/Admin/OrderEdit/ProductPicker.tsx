import { type KeyboardEvent, useId, useState } from 'react';
import type { ProductChoice } from '../shared/orders/types';
import { matchingProducts, productLabel } from './orderDraft';

export const ADD_A_PRODUCT = 'Add a product';

/**
 * The order's "Add a product..." box: a clerk on the phone types part of a name, the list narrows as they
 * type, and a product joins the order only on Enter or a click (a native select added a line for every
 * keystroke and arrow key). The first match is highlighted, so a name and Enter is all a line takes; the
 * arrow keys move the highlight, Escape closes the list and then clears the text. The WAI-ARIA combobox
 * pattern (an input with a listbox popup and aria-activedescendant), so a screen reader follows along.
 */
export function ProductPicker({
  choices,
  loaded,
  onChoose,
  inputId,
  problem,
}: {
  choices: readonly ProductChoice[];
  loaded: boolean;
  onChoose: (product: ProductChoice) => void;
  /** So the lines can hand the keyboard back here (Enter in a quantity). */
  inputId: string;
  /** Why the order's product list stops the save (no product yet), shown under the box. */
  problem?: string | undefined;
}) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = open ? matchingProducts(choices, text) : [];
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (product: ProductChoice) => {
    setText('');
    setOpen(false);
    setActive(0);
    onChoose(product);
  };

  const move = (to: number) => {
    setOpen(true);
    setActive(to);
    document.getElementById(optionId(to))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(open ? Math.min(activeIndex + 1, matches.length - 1) : 0);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) move(Math.max(activeIndex - 1, 0));
        break;
      case 'Enter': {
        // Never the form's submit: an order is saved with its button only.
        event.preventDefault();
        const product = matches[activeIndex];
        if (open && product) choose(product);
        else setOpen(true);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  return (
    <div className="product-picker">
      <input
        id={inputId}
        className="form-control"
        type="text"
        role="combobox"
        aria-label={ADD_A_PRODUCT}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={loaded ? 'Add a product...' : 'Loading products...'}
        disabled={!loaded}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Products"
        className="product-picker-list"
        hidden={!open}
        // Keeps the keyboard in the box, which would otherwise close the list before a click on an option (or
        // a drag of the list's scroll bar) lands.
        onMouseDown={(e) => e.preventDefault()}
      >
        {matches.map((p, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys work in the box (aria-activedescendant), as the combobox pattern has it
          <div
            key={p.productId}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            className={index === activeIndex ? 'is-active' : undefined}
            onMouseMove={() => index !== activeIndex && setActive(index)}
            onClick={() => choose(p)}
          >
            {productLabel(p)}
          </div>
        ))}
      </div>
      {problem ? (
        <p className="form-error" id={`${inputId}-problem`}>
          {problem}
        </p>
      ) : null}
      {open && matches.length === 0 ? (
        <p className="product-picker-empty" role="status">
          No product matches "{text.trim()}".
        </p>
      ) : null}
    </div>
  );
}
