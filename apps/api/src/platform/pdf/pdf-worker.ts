// What a PDF worker thread runs (platform/pdf/index.ts sends the tasks): the budget's and the
// contract's and a data subject's renderers, fed plain data (a Buffer crosses the thread boundary as a Uint8Array).
import type { LandingPage, PersonalDataExport } from '@app/shared';
import { renderBudgetPdf } from '../../modules/budget-documents/budget-pdf';
import { type ContractPdfInput, renderContractPdf } from '../../modules/contracts/contract-pdf';
import { renderPersonalDataPdf } from '../../modules/data-subjects/personal-data-pdf';

export type BudgetPdfTask = { page: LandingPage; logo: Uint8Array | null };

export const budget = ({ page, logo }: BudgetPdfTask) =>
  renderBudgetPdf(page, { logo: logo ? Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength) : null });

export const contract = (input: ContractPdfInput) => renderContractPdf(input);

export const personalData = (data: PersonalDataExport) => renderPersonalDataPdf(data);
