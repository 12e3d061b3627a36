import {
  ORDER_DELETE_CONFIRM,
  ORDER_RESTORE_CONFIRM,
  SUCCESSFULLY_DELETED,
  SUCCESSFULLY_UPDATED,
} from '@nursery/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { confirm } from '../../../components/ConfirmDialog';
import { notify, PERSISTENT, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import type { OrderListItem } from '../shared/orders/types';
import { useOptimisticFlags } from '../shared/useOptimisticFlags';

interface OrdersPage {
  rows: OrderListItem[];
  total: number;
}

/**
 * What a row of the Orders screen does: the Tax Exempt switch (shown at once, sent in the background), and
 * Delete and Restore after a question. Both lists are read again after a delete or a restore, and the keyboard
 * keeps its place when a row goes.
 */
export function useOrderRowActions({
  listKey,
  orders,
  deleted,
}: {
  /** The shown page's query key, updated in place when a switch is saved. */
  listKey: QueryKey;
  orders: readonly OrderListItem[] | undefined;
  deleted: readonly OrderListItem[] | undefined;
}) {
  const queryClient = useQueryClient();
  const reloadBoth = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.orders.page.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.orders.allDeleted.pathKey() }),
    ]);

  const setFlags = useMutation(
    trpc.orders.updateFlags.mutationOptions({
      onError: showApiFailure,
      onSuccess: (order) => {
        queryClient.setQueryData<OrdersPage>(listKey, (page) =>
          page
            ? {
                ...page,
                rows: page.rows.map((o) =>
                  o.orderId === order.orderId
                    ? {
                        ...o,
                        isTaxExempt: order.isTaxExempt,
                        totalPrice: order.total,
                        displayTotalPrice: order.displayTotal,
                        version: order.version,
                      }
                    : o,
                ),
              }
            : page,
        );
        notify.success(SUCCESSFULLY_UPDATED);
      },
    }),
  );

  const taxFlags = useOptimisticFlags();
  const setTaxExempt = (orderId: number, isTaxExempt: boolean) =>
    taxFlags.flip(orderId, isTaxExempt, (settled) =>
      setFlags.mutate({ orderId, isTaxExempt }, { onSettled: settled }),
    );

  const remove = useMutation(
    trpc.orders.delete.mutationOptions({
      onSuccess: () => notify.success(SUCCESSFULLY_DELETED),
      onError: showApiFailure,
      onSettled: reloadBoth,
    }),
  );
  const restore = useMutation(
    trpc.orders.restore.mutationOptions({
      // An order that came back without its pick-up day (deleted meanwhile) says so, and the toast stays.
      onSuccess: (restored) =>
        restored.restoreNotice
          ? notify.warning(restored.restoreNotice, { duration: PERSISTENT })
          : notify.success(SUCCESSFULLY_UPDATED),
      onError: showApiFailure,
      onSettled: reloadBoth,
    }),
  );

  // A row deleted or restored by keyboard takes its focused button with it: focus then moves to the same
  // button in the row that took its place (or the one above), else to the list's count, never to the page top.
  const countRef = useRef<HTMLParagraphElement>(null);
  const deletedTitleRef = useRef<HTMLHeadingElement>(null);
  const refocus = useRef<{ orderId: number; list: 'orders' | 'deleted'; next: string | null } | null>(null);
  const planRefocus = (orderId: number, list: 'orders' | 'deleted', prefix: string) => {
    const row = document.activeElement?.closest('tr');
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector(
      `button[aria-label^="${prefix}"]`,
    );
    refocus.current = { orderId, list, next: neighbour?.getAttribute('aria-label') ?? null };
  };
  useEffect(() => {
    const plan = refocus.current;
    const rows = plan?.list === 'orders' ? orders : deleted;
    if (!plan || !rows || rows.some((o) => o.orderId === plan.orderId)) return;
    refocus.current = null;
    // Only when focus went with the row (or is still on the closing question); someone who has moved on
    // keeps their place.
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('[role="dialog"]')) return;
    const next = plan.next
      ? document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(plan.next)}"]`)
      : null;
    (next ?? (plan.list === 'orders' ? countRef.current : deletedTitleRef.current))?.focus();
  }, [orders, deleted]);

  const forgetRefocus = () => {
    refocus.current = null;
  };
  const askDelete = async (orderId: number) => {
    planRefocus(orderId, 'orders', 'Delete order');
    if (await confirm(ORDER_DELETE_CONFIRM, { tone: 'danger', confirmText: 'Delete' }))
      remove.mutate({ orderId }, { onError: forgetRefocus });
    else forgetRefocus();
  };
  const askRestore = async (orderId: number) => {
    planRefocus(orderId, 'deleted', 'Restore order');
    if (await confirm(ORDER_RESTORE_CONFIRM, { confirmText: 'Restore' }))
      restore.mutate({ orderId }, { onError: forgetRefocus });
    else forgetRefocus();
  };

  return { setTaxExempt, pendingTax: taxFlags.pending, askDelete, askRestore, countRef, deletedTitleRef };
}
