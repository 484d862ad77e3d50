// What a contract and a template look like to clients. contractSelect/toContractDto are also how
// the sale's sold-info lists its contracts.
import type { Prisma } from '@app/db';
import type { Contract, ContractTemplate } from '@app/shared';
import { pdfFileName } from '../budget-documents/budget-documents.jobs';

/** A file name for the contract's PDF from the trip's title. */
export const contractFileName = (title: string) => pdfFileName(`Contrato – ${title}`);

/** Who the agency is on its contracts (with its name, city and UF): CNPJ, Cadastur and the rest of its address. */
export const companyIdentitySelect = {
  cnpj: true,
  cadastur: true,
  postalCode: true,
  street: true,
  streetNumber: true,
  complement: true,
  neighborhood: true,
} satisfies Prisma.CompanySelect;

export const contractSelect = {
  id: true,
  budgetId: true,
  saleId: true,
  templateId: true,
  template: { select: { name: true } },
  status: true,
  fileKey: true,
  signedFileKey: true,
  signedFilename: true,
  signatureRequestedAt: true,
  signedAt: true,
  sentAt: true,
  cancelledAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.ContractSelect;
export type ContractRow = Prisma.ContractGetPayload<{ select: typeof contractSelect }>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toContractDto(c: ContractRow): Contract {
  return {
    id: c.id,
    budget_id: c.budgetId,
    sale_id: c.saleId,
    template_id: c.templateId,
    template_name: c.template?.name ?? null,
    status: c.status,
    has_pdf: !!c.fileKey,
    has_signed_copy: !!c.signedFileKey,
    signed_filename: c.signedFilename,
    signature_requested_at: iso(c.signatureRequestedAt),
    signed_at: iso(c.signedAt),
    sent_at: iso(c.sentAt),
    cancelled_at: iso(c.cancelledAt),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export const contractTemplateSelect = {
  id: true,
  name: true,
  body: true,
  isDefault: true,
  active: true,
  createdAt: true,
  updatedAt: true,
  version: true,
} satisfies Prisma.ContractTemplateSelect;
type TemplateRow = Prisma.ContractTemplateGetPayload<{ select: typeof contractTemplateSelect }>;

export function toContractTemplateDto(t: TemplateRow): ContractTemplate {
  return {
    id: t.id,
    name: t.name,
    body: t.body,
    is_default: t.isDefault,
    active: t.active,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    version: t.version,
  };
}
