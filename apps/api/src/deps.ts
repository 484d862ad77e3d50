import type { Db } from '@app/db';
import type { Config } from './config';
import type { Platform } from './platform';

/** What services and routes work with: the database, the parsed configuration and the platform adapters. */
export type Deps = { db: Db; config: Config; platform: Platform };
