import { router } from '../trpc.ts';

export const ordersRouter = router({});
