import { router } from '../trpc.ts';

export const staffRouter = router({});
