import { router } from '../trpc.ts';

export const stockRouter = router({});
