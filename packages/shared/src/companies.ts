// Who an agency is on its documents: its CNPJ, its Cadastur registration and its address, edited
// by the owner with the rest of the agency's data (PATCH /api/companies/{id}).
import { cnpjField, postalCodeField } from './clients';
import { INVALID_MESSAGE } from './crm-labels';
import { z } from './zod';

const CADASTUR_MAX_LENGTH = 30;

/**
 * The Cadastur number (the Ministério do Turismo's registration of a travel agency), kept as the
 * agency writes it: its layout changed over the years, so only its characters are checked (digits
 * with dots, dashes or slashes between them).
 */
export const cadasturField = z
  .string()
  .trim()
  .max(CADASTUR_MAX_LENGTH)
  .regex(/^\d(?:[\d./-]*\d)?$/, { message: INVALID_MESSAGE });

const text = (max: number) => z.string().trim().max(max).nullable();

/** As the owner sends them: CNPJ and CEP formatted or as digits (stored as digits); null clears one. City and UF are contact fields. */
export const companyIdentityFields = {
  cnpj: cnpjField.nullable(),
  cadastur: cadasturField.nullable(),
  postal_code: postalCodeField.nullable(),
  street: text(160),
  street_number: text(20),
  complement: text(120),
  neighborhood: text(120),
};

/** As GET /api/companies/{id} answers them: CNPJ and CEP as digits. */
export const companyIdentityOutput = {
  cnpj: z.string().nullable(),
  cadastur: z.string().nullable(),
  postal_code: z.string().nullable(),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
};
