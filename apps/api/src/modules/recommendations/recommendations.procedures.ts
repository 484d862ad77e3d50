import { router } from '../../trpc';

export const recommendationsRouter = router({});
