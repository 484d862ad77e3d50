import type { VersionConflict } from './error-body';
import { idParam } from './pagination';
import { z } from './zod';

export { staleActionMessage, staleVersionMessage } from './version-messages';

/**
 * No lost update: every row an agency edits carries a version, bumped by each edit. A write may
 * state the version it was based on (this field on tRPC and in a REST body, or `If-Match: "<n>"`
 * on REST); when another edit came first it answers 409 with `conflict` and changes nothing.
 * Without a version the write is not checked (older clients keep working).
 */
export const recordVersion = z
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .meta({
    description:
      'A versão do registro em que a alteração se baseou (a `version` lida). Se outra alteração veio antes, a resposta é 409 e nada muda. Também aceita como cabeçalho `If-Match: "<versão>"`.',
    examples: [3],
  });

/** The `version` of a write's input: optional, so a write without it is not checked. */
export const versionField = { version: recordVersion.optional() };

/** The version every read of an editable record answers. */
export const versionOutput = z
  .number()
  .int()
  .meta({ description: 'A versão do registro: envie-a na próxima alteração.', examples: [3] });

/** The version an `If-Match` header states (`"3"`, `3` or `W/"3"`), or undefined when it states none. */
export function versionFromIfMatch(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.trim().match(/^(?:W\/)?"?(\d{1,10})"?$/);
  return match ? Number(match[1]) : undefined;
}

/** A write naming its record by id (a delete, a duplicate, a toggle), based on the version it read. */
export const versionedIdParam = idParam.extend(versionField);
export type VersionedIdInput = z.output<typeof versionedIdParam>;
