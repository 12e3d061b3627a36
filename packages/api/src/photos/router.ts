import { router } from '../trpc.ts';

export const photosRouter = router({});
