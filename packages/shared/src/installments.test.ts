import { describe, expect, it } from 'vitest';
import { formatBasisPoints, type InstallmentRules, installmentOptions } from './installments';
import { paymentMethodIssues } from './payment-methods';

const card = (interest: number[], min?: number): InstallmentRules => ({
  kind: 'credit_card',
  max_installments: interest.length,
  installment_interest: interest,
  min_installment_cents: min ?? null,
});

describe('installmentOptions', () => {
  it('splits without interest, the first installment taking the leftover cents', () => {
    const [one, two, three] = installmentOptions(card([0, 0, 0]), 10_000);
    expect(one).toMatchObject({ count: 1, installment_cents: 10_000, total_cents: 10_000, interest_free: true });
    expect(two).toMatchObject({ count: 2, installment_cents: 5_000, first_installment_cents: 5_000, total_cents: 10_000 });
    expect(three).toEqual({
      count: 3,
      installment_cents: 3_333,
      first_installment_cents: 3_334,
      total_cents: 10_000,
      interest_basis_points: 0,
      interest_free: true,
      label: '3x de R$ 33,33 sem juros',
    });
  });

  it('charges each count its own monthly interest with equal installments (Tabela Price)', () => {
    // 1-3x sem juros, 4x+ at 1,99% a.m.
    const options = installmentOptions(card([0, 0, 0, 199, 199, 199, 199, 199, 199, 199]), 100_000);
    expect(options).toHaveLength(10);
    expect(options.slice(0, 3).every((o) => o.interest_free && o.total_cents === 100_000)).toBe(true);
    const ten = options[9];
    // 100000 * 0.0199 / (1 - 1.0199^-10) = 11126.83 cents
    expect(ten).toMatchObject({ count: 10, installment_cents: 11_127, first_installment_cents: 11_127, total_cents: 111_270 });
    expect(ten?.interest_free).toBe(false);
    expect(ten?.label).toBe('10x de R$ 111,27 com juros de 1,99% a.m.');
    const four = options[3];
    expect(four?.installment_cents).toBe(26_256);
    expect(four?.total_cents).toBe(four ? four.installment_cents * 4 : 0);
  });

  it('leaves out counts below the minimum installment, always offering 1x', () => {
    const counts = (amount: number) => installmentOptions(card([0, 0, 0, 0, 0, 0], 5_000), amount).map((o) => o.count);
    expect(counts(20_000)).toEqual([1, 2, 3, 4]);
    expect(counts(9_999)).toEqual([1]);
    expect(counts(3_000)).toEqual([1]);
  });

  it('offers 1x only for a kind that is not split, and reads a missing rate as sem juros', () => {
    const pix = { kind: 'pix', max_installments: 6, installment_interest: [0, 0, 0, 0, 0, 0] } as const;
    expect(installmentOptions(pix, 5_000).map((o) => o.count)).toEqual([1]);
    const short = installmentOptions({ kind: 'boleto', max_installments: 3, installment_interest: [] }, 3_000);
    expect(short.map((o) => [o.count, o.installment_cents, o.interest_free])).toEqual([
      [1, 3_000, true],
      [2, 1_500, true],
      [3, 1_000, true],
    ]);
    expect(installmentOptions(card([0, 0]), 0).map((o) => o.total_cents)).toEqual([0, 0]);
  });

  it('formats basis points as a pt-BR percentage', () => {
    expect(formatBasisPoints(199)).toBe('1,99%');
    expect(formatBasisPoints(1000)).toBe('10,00%');
  });
});

describe('paymentMethodIssues', () => {
  it('asks each kind for its own fields and refuses the others', () => {
    expect(paymentMethodIssues({ kind: 'pix' }).map((i) => i.path)).toEqual(['pix_key_type', 'pix_key']);
    expect(paymentMethodIssues({ kind: 'pix', pix_key_type: 'cpf', pix_key: '529.982.247-26' })).toEqual([
      { path: 'pix_key', message: 'não é uma chave Pix válida para o tipo escolhido' },
    ]);
    expect(paymentMethodIssues({ kind: 'pix', pix_key_type: 'cpf', pix_key: '529.982.247-25' })).toEqual([]);
    expect(paymentMethodIssues({ kind: 'credit_card', max_installments: 3 }).map((i) => i.path)).toEqual(['card_brand_ids']);
    expect(
      paymentMethodIssues({
        kind: 'cash',
        pix_key: 'x',
        card_brand_ids: [1],
        max_installments: 2,
        min_installment_cents: 100,
        due_days: 30,
      }).map((i) => i.path),
    ).toEqual(['pix_key', 'card_brand_ids', 'max_installments', 'min_installment_cents', 'due_days']);
    expect(paymentMethodIssues({ kind: 'invoiced' }).map((i) => i.path)).toEqual(['due_days']);
    expect(paymentMethodIssues({ kind: 'boleto', max_installments: 3, installment_interest: [0, 0] })).toEqual([
      { path: 'installment_interest', message: 'deve ter uma taxa para cada número de parcelas, de 1x a 3x' },
    ]);
  });
});
