// The authority's rejection codes in what the owner must fix. Only codes whose meaning the national
// documentation states are mapped; any other keeps the authority's own description.
import type { AuthorityMessage } from './nfse-national';

const KNOWN: Record<string, string> = {
  E0310: 'O código de tributação nacional do serviço não existe na lista nacional: corrija-o nos dados fiscais.',
};

const BY = { national: 'pelo emissor nacional', gateway: 'pelo provedor' } as const;

export function rejectionMessages(errors: AuthorityMessage[], issuer: keyof typeof BY = 'national'): { code: string; message: string }[] {
  return errors.map(({ code, description }) => ({
    code,
    message: KNOWN[code] ?? (description ? `Recusada ${BY[issuer]}: ${description}` : `Recusada ${BY[issuer]}.`),
  }));
}
