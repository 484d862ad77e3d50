// The record a detail screen's address names (/clientes-pessoa-interna/:id and the like).
import { parseRecordId } from '@app/shared/constants';
import { useParams } from 'react-router';
import { apiError } from './api-error';

/** The address's `:id`. Only plain decimal digits name a record: /x/0x65 or /x/+101 is not record 101. */
export function useRecordId(): number | undefined {
  return parseRecordId(useParams().id);
}

/** No record to show: the address names none, or the API answered 404 (missing, or another agency's). */
export function recordNotFound(id: number | undefined, query: { isError: boolean; error: unknown }): boolean {
  return !id || (query.isError && apiError(query.error).status === 404);
}
