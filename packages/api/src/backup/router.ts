import { router } from '../trpc.ts';

export const backupRouter = router({});
