import type { RouterOutputs } from '@nursery/api/types';

export type OrderListItem = RouterOutputs['orders']['allForSeason'][number];
export type AdminOrder = RouterOutputs['orders']['detailsById'];
export type OrderLine = AdminOrder['products'][number];
export type ProductChoice = RouterOutputs['orders']['productChoices'][number];
export type SeasonChoices = RouterOutputs['orders']['seasons'];
