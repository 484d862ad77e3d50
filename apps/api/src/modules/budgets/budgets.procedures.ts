import { router } from '../../trpc';

export const budgetsRouter = router({});
