import { router } from '../trpc.ts';

export const exportsRouter = router({});
