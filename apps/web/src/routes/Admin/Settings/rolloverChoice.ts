import { ProductStatus, type ProductStatusId, productStatusName } from '@nursery/domain';

/**
 * A choice in the new season's menu of what a status becomes, in one voice with its neighbours ('Stay
 * Inactive', 'Stay Active', 'Become Nursery') and short, so 'Become Call for Availability' still fits a
 * phone's menu, where 'Carried over as Call for Availability' was cut off.
 */
export function rolloverChoiceLabel(from: ProductStatusId, to: ProductStatusId): string {
  if (to === ProductStatus.Inactive) {
    return from === ProductStatus.Inactive ? 'Stay Inactive' : 'Not carried over (Inactive)';
  }
  return `${to === from ? 'Stay' : 'Become'} ${productStatusName(to)}`;
}
