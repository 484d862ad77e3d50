import { router } from '../../trpc';

export const proposalsRouter = router({});
