// Drafts of open forms, kept on this device (localStorage) so that a reload or a closed tab loses
// no typing. Each is keyed by the agency and the user signed in, so another account on the same
// browser never reads it, and by what the form edits.
import { readJson, writeItem } from './storage';

/** The signed-in user a draft belongs to (the profile's user). */
export type DraftOwner = { company_id: number; id: number };

/** 'draft:c3:u7:budget-12:service-40': the owner's, then what the form edits. */
export const draftKey = (owner: DraftOwner, ...subject: (string | number)[]): string =>
  ['draft', `c${owner.company_id}`, `u${owner.id}`, ...subject].join(':');

/** The stored draft as it was written, or null; its shape is the reader's to check. */
export const readDraft = (key: string): unknown => readJson<unknown>(key);

export const writeDraft = (key: string, draft: unknown): void => writeItem(key, JSON.stringify(draft));

export const clearDraft = (key: string): void => writeItem(key, null);
