// The authority's rejection codes in what the owner must fix. Only codes whose meaning the national
// documentation states are mapped; any other keeps the authority's own description.
import type { AuthorityMessage } from './nfse-national';

const KNOWN: Record<string, string> = {
  E0310: 'O código de tributação nacional do serviço não existe na lista nacional: corrija-o nos dados fiscais.',
};

export function rejectionMessages(errors: AuthorityMessage[]): { code: string; message: string }[] {
  return errors.map(({ code, description }) => ({
    code,
    message: KNOWN[code] ?? (description ? `Recusada pelo emissor nacional: ${description}` : 'Recusada pelo emissor nacional.'),
  }));
}
