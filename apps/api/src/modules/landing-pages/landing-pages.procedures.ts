import { router } from '../../trpc';

export const landingPagesRouter = router({});
