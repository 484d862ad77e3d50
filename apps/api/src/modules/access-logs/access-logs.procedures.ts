import { router } from '../../trpc';

export const accessLogsRouter = router({});
