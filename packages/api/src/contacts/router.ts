import { router } from '../trpc.ts';

export const contactsRouter = router({});
