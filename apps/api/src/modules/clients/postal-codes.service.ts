import type { PostalCodeAddress } from '@app/shared';
import type { Config } from '../../config';
import { AppError, notFound } from '../../errors';

type ViaCepAnswer = {
  cep?: string;
  logradouro?: string;
  complemento?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  /** The municipality's IBGE code (7 digits). */
  ibge?: string;
  /** ViaCEP answers 200 with `erro` for a well-formed CEP that does not exist. */
  erro?: boolean | string;
};

type PostalCodeConfig = Pick<Config, 'POSTAL_CODE_API_URL' | 'POSTAL_CODE_TIMEOUT_MS'>;

/**
 * The Brazilian postal-code lookup (GET {base}/{cep}/json/). A CEP that does not
 * exist answers 404; the service failing or taking longer than the timeout answers 502.
 */
export async function lookupPostalCode(config: PostalCodeConfig, cep: string): Promise<PostalCodeAddress> {
  const answer = await viaCep(config, cep);
  return {
    postal_code: cep,
    street: answer.logradouro ?? '',
    complement: answer.complemento ?? '',
    neighborhood: answer.bairro ?? '',
    city: answer.localidade ?? '',
    state: answer.uf ?? '',
  };
}

/** The IBGE code of a CEP's municipality (what a fiscal document names it by), or null when it cannot be had now. */
export async function municipalityOfPostalCode(config: PostalCodeConfig, cep: string): Promise<string | null> {
  try {
    const { ibge } = await viaCep(config, cep);
    return ibge && /^\d{7}$/.test(ibge) ? ibge : null;
  } catch {
    return null;
  }
}

async function viaCep(config: PostalCodeConfig, cep: string): Promise<ViaCepAnswer> {
  const url = `${config.POSTAL_CODE_API_URL.replace(/\/+$/, '')}/${cep}/json/`;
  let answer: ViaCepAnswer;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(config.POSTAL_CODE_TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (res.status === 400 || res.status === 404) throw notFound();
    if (!res.ok) throw new Error(`postal-code service answered ${res.status}`);
    answer = (await res.json()) as ViaCepAnswer;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UPSTREAM');
  }
  if (answer.erro === true || answer.erro === 'true' || !answer.localidade) throw notFound();
  return answer;
}
