import { adminOrderUpdateSchema, DEFAULT_TAX_RATE_BASIS_POINTS, SUCCESSFULLY_UPDATED } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { useSingleFlight } from '../../../lib/singleFlight';
import { failureFacts, notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { productChoicesQuery, siteConfigQuery } from '../queries';
import { ProductModal } from '../shared/catalog/ProductModal';
import type { AdminOrder, ProductChoice } from '../shared/orders/types';
import { CustomerFields } from './CustomerFields';
import { OrderLines } from './OrderLines';
import {
  addableProducts,
  type CheckedForm,
  FIELDS,
  type Fields,
  fieldsOf,
  hasProblems,
  isLineModified,
  type LineDraft,
  linesOf,
  newLineFor,
  orderUpdateBody,
  priceLines,
  problemList,
  problemsOf,
  problemsStill,
  shownTotals,
} from './orderDraft';
import { PickUpDayField } from './PickUpDayField';

/** The field-by-field problems of a 400 (the server's data.problems), read without trusting their shape. */
function serverProblems(error: unknown): { message: string; path: (string | number)[] }[] {
  const list = (error as { data?: { problems?: unknown } } | null)?.data?.problems;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const { message, path } = (item ?? {}) as { message?: unknown; path?: unknown };
    if (typeof message !== 'string' || !Array.isArray(path)) return [];
    return [
      {
        message,
        path: path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'),
      },
    ];
  });
}

export const ORDER_NOT_SAVED = 'Your changes to this order are not saved yet. Leave this page and lose them?';

/**
 * The order edit page's form: customer fields on the left (each marks itself modified and can be
 * reverted), product lines on the right with Manual or Calculated prices and a live total, and a
 * floating save button. `order` null means a new order.
 */
export function OrderEditor({ order }: { order: AdminOrder | null }) {
  const isNew = order === null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const site = useQuery(siteConfigQuery(trpc));
  const choices = useQuery(productChoicesQuery(trpc));
  const taxBp = site.data?.taxRateBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS;

  const original = useMemo(() => fieldsOf(order), [order]);
  const originalLines = useMemo(() => linesOf(order), [order]);
  const [fields, setFields] = useState<Fields>(original);
  const [isTaxExempt, setTaxExempt] = useState(order?.isTaxExempt ?? false);
  const savedPickUpDay = order?.pickUpDayId ?? null;
  const [pickUpDayId, setPickUpDayId] = useState<number | null>(savedPickUpDay);
  const [lines, setLines] = useState<LineDraft[]>(originalLines);
  const [showNonActive, setShowNonActive] = useState(false);
  const [specialOpen, setSpecialOpen] = useState(false);
  const [focusLine, setFocusLine] = useState<string | null>(null);
  // Why the last save was refused (here or by the server), with the form as it was then.
  const [checked, setChecked] = useState<CheckedForm | null>(null);
  const [refusals, setRefusals] = useState(0);
  const sent = useRef<{ fields: Fields; lines: LineDraft[] }>({ fields, lines });

  const products = useMemo(() => {
    const byId = new Map<number, ProductChoice>();
    for (const p of choices.data ?? []) byId.set(p.productId, p);
    return byId;
  }, [choices.data]);

  const addable = addableProducts(choices.data ?? [], lines, { isNew, showNonActive });
  const priced = priceLines(lines, products);
  const originalByKey = new Map(originalLines.map((l) => [l.key, l]));
  const linesModified =
    lines.length !== originalLines.length || lines.some((l) => isLineModified(originalByKey.get(l.key), l));
  const totals = shownTotals(order, priced, taxBp, isTaxExempt, linesModified);
  const fieldsModified = FIELDS.some((f) => fields[f.key] !== original[f.key]);
  const modified =
    fieldsModified ||
    linesModified ||
    isTaxExempt !== (order?.isTaxExempt ?? false) ||
    pickUpDayId !== savedPickUpDay;

  const addLine = (product: ProductChoice, price = '') => {
    const line = newLineFor(product, price);
    setLines((ls) => [...ls, line]);
    setFocusLine(line.key);
  };
  const updateLine = (key: string, change: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const removeLine = (key: string) => setLines((ls) => ls.filter((l) => l.key !== key));

  // A phone order typed in and not saved is not lost to a tap on the nav, the breadcrumb or Back, nor to a
  // reload. A saved new order moves on to its edit page without asking (its form still differs from empty).
  const savedRef = useRef(false);
  useBlocker({
    disabled: !modified,
    enableBeforeUnload: () => modified && !savedRef.current,
    shouldBlockFn: async () =>
      !savedRef.current &&
      !(await confirm(ORDER_NOT_SAVED, { tone: 'warning', confirmText: 'Leave', cancelText: 'Stay' })),
  });

  const [stale, setStale] = useState(false);
  const reloadOrder = async () => {
    if (!order) return;
    await queryClient.invalidateQueries({
      queryKey: trpc.orders.detailsById.queryKey({ orderId: order.orderId }),
    });
  };

  const once = useSingleFlight();
  const save = useMutation(
    trpc.orders.update.mutationOptions({
      onSuccess: async (saved) => {
        savedRef.current = true;
        notify.success(SUCCESSFULLY_UPDATED);
        queryClient.setQueryData(trpc.orders.detailsById.queryKey({ orderId: saved.orderId }), saved);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.orders.allForSeason.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.orders.all.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.orders.productChoices.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.pickUpDays.all.pathKey() }),
        ]);
        if (isNew) {
          await navigate({ to: '/Admin/Orders/Edit/$orderId', params: { orderId: String(saved.orderId) } });
        }
      },
      onError: (error) => {
        const { status, message } = failureFacts(error);
        // Refused input: marked on its fields like the checks made here, not a toast with a field path.
        if (status === 400) {
          const list = serverProblems(error);
          refuse(
            problemsOf(list.length > 0 ? list : [{ message, path: [] }], sent.current.lines),
            sent.current,
          );
          return;
        }
        // Someone else saved this order since it was opened: say so and offer their version.
        if (status === 409) setStale(true);
        showApiFailure(error);
      },
    }),
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = { ...orderUpdateBody(order, fields, isTaxExempt, lines), pickUpDayId };
    // The same schema as the server: staff see its messages without a round trip.
    const parsed = adminOrderUpdateSchema.safeParse(body);
    if (!parsed.success) {
      refuse(problemsOf(parsed.error.issues, lines), { fields, lines });
      return;
    }
    setChecked(null);
    sent.current = { fields, lines };
    once(() => save.mutateAsync(body));
  };

  const refuse = (problems: CheckedForm['problems'], form: { fields: Fields; lines: LineDraft[] }) => {
    setChecked({ problems, ...form });
    setRefusals((n) => n + 1);
  };
  const problems = checked ? problemsStill(checked, fields, lines) : null;
  const lineName = (key: string) => {
    const productId = lines.find((l) => l.key === key)?.productId;
    return (
      (productId !== undefined ? products.get(productId)?.displayNameAndSize : undefined) ??
      order?.products.find((p) => p.productId === productId)?.name ??
      'A product'
    );
  };
  // After each refusal the keyboard goes to the first field to put right (the list above says the rest).
  useEffect(() => {
    if (refusals === 0) return;
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals, formId]);

  return (
    <>
      <form
        id={formId}
        className="order-edit"
        onSubmit={submit}
        // Enter in a box never saves (the browser's implicit submit): the boxes move on, the button saves.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
        }}
        noValidate
      >
        {problems && hasProblems(problems) ? (
          <div className="alert alert-warning order-problems" role="alert">
            <p>
              <strong>The order is not saved yet.</strong> Put right what is marked:
            </p>
            <ul>
              {problemList(problems, lineName).map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="stack">
          <CustomerFields
            formId={formId}
            order={order}
            original={original}
            fields={fields}
            setFields={setFields}
            isTaxExempt={isTaxExempt}
            setTaxExempt={setTaxExempt}
            problems={problems?.fields ?? {}}
          />
          <PickUpDayField
            id={`${formId}-pickUpDayId`}
            saved={savedPickUpDay}
            value={pickUpDayId}
            onChange={setPickUpDayId}
          />
        </div>
        <OrderLines
          order={order}
          isNew={isNew}
          stale={stale}
          reloadOrder={reloadOrder}
          showNonActive={showNonActive}
          setShowNonActive={setShowNonActive}
          openSpecialOrder={() => setSpecialOpen(true)}
          priced={priced}
          products={products}
          originalByKey={originalByKey}
          updateLine={updateLine}
          removeLine={removeLine}
          addLine={addLine}
          choicesLoaded={choices.data !== undefined}
          addable={addable}
          totals={totals}
          isTaxExempt={isTaxExempt}
          idPrefix={formId}
          focusLine={focusLine}
          lineProblems={problems?.lines ?? {}}
          productsProblem={problems?.products}
        />
        <button
          type="submit"
          className={`btn btn-lg btn-success order-save-floating${modified ? ' has-changes' : ''}`}
          disabled={save.isPending}
        >
          {save.isPending ? 'Saving...' : isNew ? 'Save New Order' : 'Save Order'}
        </button>
      </form>
      {/* Outside the form: React events bubble through portals, and its submit must not save the order.
          The spec's product modal, as the Products screen opens it, in its special-order mode: always a new
          product, saved as Special Order; Cancel forgets what was typed. */}
      <ProductModal
        open={specialOpen}
        product={null}
        specialOrder
        onClose={() => setSpecialOpen(false)}
        onSaved={(product) => {
          const choice: ProductChoice = product;
          queryClient.setQueryData(
            trpc.orders.productChoices.queryKey(),
            (list: ProductChoice[] | undefined) => (list ? [...list, choice] : [choice]),
          );
          addLine(choice);
        }}
      />
    </>
  );
}
