import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBasisPoints, type InstallmentRules, installmentLabel, installmentOptions, MAX_INSTALLMENTS } from './installments';
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
      label: '1ª de R$ 33,34 + 2x de R$ 33,33 sem juros',
    });
    expect(two?.label).toBe('2x de R$ 50,00 sem juros');
  });

  it('says in its label which installment takes the leftover cents (issue 31: 3x of R$ 23.150,00)', () => {
    const three = installmentOptions(card([0, 0, 0]), 2_315_000)[2];
    expect(three?.label).toBe('1ª de R$ 7.716,68 + 2x de R$ 7.716,66 sem juros');
    expect(installmentOptions(card([0, 0, 0]), 2_315_000, 'USD')[2]?.label).toBe('1ª de US$ 7.716,68 + 2x de US$ 7.716,66 sem juros');
    // A screen that hides values still tells the first apart.
    expect(
      installmentLabel({ count: 3, installment_cents: 3_333, first_installment_cents: 3_334, interest_basis_points: 0 }, () => 'R$ •••••'),
    ).toBe('1ª de R$ ••••• + 2x de R$ ••••• sem juros');
  });

  it('every split sums exactly to its whole: without interest the first installment plus the others make the amount', () => {
    const rules = fc.record({
      kind: fc.constantFrom('credit_card' as const, 'boleto' as const),
      max_installments: fc.integer({ min: 1, max: MAX_INSTALLMENTS }),
      installment_interest: fc.constant([] as number[]),
      min_installment_cents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 2_000_000_000 }), (method, amount) => {
        for (const o of installmentOptions(method, amount)) {
          expect(o.first_installment_cents + o.installment_cents * (o.count - 1)).toBe(amount);
          expect(o.total_cents).toBe(amount);
          expect(o.first_installment_cents - o.installment_cents).toBeGreaterThanOrEqual(0);
          expect(o.first_installment_cents - o.installment_cents).toBeLessThan(o.count);
          expect(o.label.startsWith('1ª de ')).toBe(o.first_installment_cents !== o.installment_cents);
        }
      }),
    );
  });

  it('every split sums exactly to its whole: with interest the installments are equal and make the total charged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: MAX_INSTALLMENTS }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        (count, basisPoints, amount) => {
          const options = installmentOptions(card(Array.from({ length: count }, () => basisPoints)), amount);
          for (const o of options) {
            expect(o.first_installment_cents).toBe(o.installment_cents);
            expect(o.total_cents).toBe(o.installment_cents * o.count);
            expect(o.label).toMatch(new RegExp(`^${o.count}x de .* com juros de `));
          }
        },
      ),
    );
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
