import { router } from '../../trpc';

export const tasksRouter = router({});
