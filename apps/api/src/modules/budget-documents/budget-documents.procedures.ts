import { router } from '../../trpc';

export const budgetDocumentsRouter = router({});
