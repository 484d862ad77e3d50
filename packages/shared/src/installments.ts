// How a payment method splits an amount into installments: the options a budget offers for a
// proposal ('10x de R$ 115,36 com juros de 1,99% a.m.'). Pure and zod-free, for the API and the web.
import type { PaymentMethodKind } from '@app/db/browser';
import { toCurrency } from './format';
import { type CentsFormat, installmentsText, splitEvenly } from './splits';

/** Kinds whose amount may be split (any other is paid at once). */
export const INSTALLMENT_KINDS: readonly PaymentMethodKind[] = ['credit_card', 'boleto'];
export const MAX_INSTALLMENTS = 24;
/** The highest monthly interest a count may carry: 10% a.m. (1000 basis points). */
export const MAX_INTEREST_BASIS_POINTS = 1000;

export const allowsInstallments = (kind: PaymentMethodKind) => INSTALLMENT_KINDS.includes(kind);

/** What the split reads of a payment method. */
export type InstallmentRules = {
  kind: PaymentMethodKind;
  max_installments: number;
  /** Monthly interest per count in basis points, index 0 = 1x (199 = 1,99% a.m.); a missing entry is 0. */
  installment_interest: readonly number[];
  min_installment_cents?: number | null;
};

export type InstallmentOption = {
  count: number;
  /** Each installment, in cents. */
  installment_cents: number;
  /** The first installment: without interest it takes the cents the division leaves over. */
  first_installment_cents: number;
  /** What the customer pays in all. */
  total_cents: number;
  interest_basis_points: number;
  interest_free: boolean;
  /** '3x de R$ 33,33 sem juros', '1ª de R$ 33,34 + 2x de R$ 33,33 sem juros', '10x de R$ 11,13 com juros de 1,99% a.m.' */
  label: string;
};

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1,99%' for 199 basis points. */
export const formatBasisPoints = (basisPoints: number) => `${percent.format(basisPoints / 100)}%`;

/**
 * An option as people read it, the amounts formatted by `format` (a screen may mask them): '3x de
 * R$ 33,33 sem juros', naming the first installment where it takes the leftover cents.
 */
export const installmentLabel = (
  option: Pick<InstallmentOption, 'count' | 'installment_cents' | 'first_installment_cents' | 'interest_basis_points'>,
  format: CentsFormat,
) => {
  const parts = installmentsText(
    { count: option.count, first_cents: option.first_installment_cents, each_cents: option.installment_cents },
    format,
  );
  return option.interest_basis_points === 0
    ? `${parts} sem juros`
    : `${parts} com juros de ${formatBasisPoints(option.interest_basis_points)} a.m.`;
};

function option(amountCents: number, count: number, basisPoints: number, format: CentsFormat): InstallmentOption {
  if (basisPoints === 0) {
    const split = splitEvenly(amountCents, count);
    const free = {
      count,
      installment_cents: split.each_cents,
      first_installment_cents: split.first_cents,
      total_cents: amountCents,
      interest_basis_points: 0,
      interest_free: true,
    };
    return { ...free, label: installmentLabel(free, format) };
  }
  // Equal installments at a monthly rate (Tabela Price): P * i / (1 - (1 + i)^-n).
  const rate = basisPoints / 10_000;
  const installment = Math.round((amountCents * rate) / (1 - (1 + rate) ** -count));
  // Equal parts: the total is what they add up to, so nothing is left over.
  const priced = {
    count,
    installment_cents: installment,
    first_installment_cents: installment,
    total_cents: installment * count,
    interest_basis_points: basisPoints,
    interest_free: false,
  };
  return { ...priced, label: installmentLabel(priced, format) };
}

/**
 * The ways to pay `amountCents` (in `currency`, which the labels show) with a method, from 1x up
 * to its maximum: each count at its own interest ("sem juros" at 0). Counts whose installment would
 * fall below the method's minimum installment are left out; paying at once (1x) is always offered.
 * A kind that is not split (Pix, transfer, cash, invoiced) offers 1x only.
 */
export function installmentOptions(method: InstallmentRules, amountCents: number, currency = 'BRL'): InstallmentOption[] {
  const format = (cents: number) => toCurrency(cents, currency);
  const amount = Math.max(0, Math.round(amountCents));
  const max = allowsInstallments(method.kind) ? Math.min(Math.max(1, Math.floor(method.max_installments)), MAX_INSTALLMENTS) : 1;
  const minimum = method.min_installment_cents ?? 0;
  const options: InstallmentOption[] = [];
  for (let count = 1; count <= max; count++) {
    const candidate = option(amount, count, Math.max(0, method.installment_interest[count - 1] ?? 0), format);
    if (count === 1 || candidate.installment_cents >= minimum) options.push(candidate);
  }
  return options;
}
