import type { RouterOutputs } from '@nursery/api/types';

export type AdminProduct = RouterOutputs['catalog']['allWithStats'][number];
export type ProductOrderLine = RouterOutputs['catalog']['productOrders'][number];
export type StockHistoryEntry = RouterOutputs['stock']['history'][number];
