import {
  ADMIN_SELECTABLE_STATUSES,
  productStatusConfirm,
  productStatusName,
  productStatusStyle,
  SUCCESSFULLY_UPDATED,
} from '@nursery/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../../../components/ConfirmDialog';
import { notify, showApiFailure } from '../../../../lib/toast';
import { trpc } from '../../../../trpc';
import type { AdminProduct } from './types';
import { useReplaceProduct } from './useAdminProducts';

/** Spec: Active primary, Nursery success, Sold Out warning, Inactive danger, Special Order and Call for Availability info. */
function toneOf(status: number): 'primary' | 'danger' | 'warning' | 'success' | 'info' {
  const style = productStatusStyle(status);
  return style === 'secondary' ? 'primary' : style;
}

/**
 * The product status control: a native dropdown (keyboard and phone friendly) in the status's
 * colour, offering the other selectable statuses (never Deleted), each change confirmed first.
 */
export function StatusDropdown({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const replaceProduct = useReplaceProduct();
  const setStatus = useMutation(
    trpc.catalog.setStatus.mutationOptions({
      onSuccess: (answer) => {
        replaceProduct(answer.productId, answer.product);
        notify.success(SUCCESSFULLY_UPDATED);
        void queryClient.invalidateQueries({ queryKey: trpc.catalog.productsToShow.pathKey() });
        // Set Active or Nursery, the product's waitlist is told: who waits has changed.
        void queryClient.invalidateQueries({ queryKey: trpc.waitlist.pathKey() });
      },
      onError: showApiFailure,
    }),
  );

  const choose = async (status: number) => {
    if (status === product.productStatus) return;
    if (!(await confirm(productStatusConfirm(productStatusName(status)), { tone: toneOf(status) }))) return;
    setStatus.mutate({ productId: product.productId, productStatus: status });
  };

  return (
    <select
      className={`form-select status-select status-${productStatusStyle(product.productStatus)}`}
      value={product.productStatus}
      disabled={setStatus.isPending}
      aria-label={`Status of ${product.name}`}
      onChange={(event) => void choose(Number(event.target.value))}
      data-testid={`status-${product.productId}`}
    >
      <option value={product.productStatus} disabled>
        {product.displayProductStatus}
      </option>
      {ADMIN_SELECTABLE_STATUSES.filter((s) => s !== product.productStatus).map((status) => (
        <option key={status} value={status}>
          {productStatusName(status)}
        </option>
      ))}
    </select>
  );
}
