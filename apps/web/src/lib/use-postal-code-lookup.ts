// Filling an address form from its CEP (GET /api/postal-codes/{cep}): the lookup's state for the
// CEP field (a loader, an error under it) and the address it found.

import type { PostalCodeAddress } from '@app/shared/clients';
import { INVALID_MESSAGE } from '@app/shared/crm-labels';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiError } from './api-error';
import { useTRPC } from './trpc';

export type PostalCodeLookup = {
  loading: boolean;
  /** Why the CEP gave no address, told beside the field (not in the bar). */
  error: string | null;
  /** Looks a complete CEP (8 digits) up; an older answer arriving late is ignored. */
  lookup: (digits: string) => Promise<void>;
  /** The CEP is being retyped: forget the last lookup and its error. */
  reset: () => void;
};

export function usePostalCodeLookup(onFound: (address: PostalCodeAddress) => void): PostalCodeLookup {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  /** The CEP last asked for. */
  const asked = useRef('');

  const lookup = async (digits: string) => {
    asked.current = digits;
    setState({ loading: true, error: null });
    try {
      const address = await queryClient.fetchQuery(
        trpc.postalCodes.lookup.queryOptions(
          { cep: digits },
          { meta: { silent: true }, retry: false, staleTime: Number.POSITIVE_INFINITY },
        ),
      );
      if (asked.current !== digits) return;
      setState({ loading: false, error: null });
      onFound(address);
    } catch (error) {
      if (asked.current !== digits) return;
      const status = apiError(error).status;
      setState({
        loading: false,
        error:
          status === 404
            ? 'CEP não encontrado'
            : status === 400
              ? `CEP ${INVALID_MESSAGE}`
              : 'Não foi possível consultar o CEP. Preencha o endereço.',
      });
    }
  };

  const reset = () => {
    asked.current = '';
    setState({ loading: false, error: null });
  };

  return { ...state, lookup, reset };
}
