// The customer's activity on an attendance's budgets (landing page views, acceptance) on its list
// row, funnel card and deal. Views and acceptance are the landing page's to record: here they are
// set on the rows, the way its routes leave them.
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();

let owner: string;

beforeAll(async () => {
  owner = await t.tokenFor(DEMO.users.owner);
});

async function cardsOf(attendanceId: number) {
  const list = (await t.call('GET', '/api/attendances?per_page=50', { token: owner })).json().attendances;
  const funnel = (await t.call('GET', '/api/attendances/funnel?per_page=50', { token: owner })).json().negotiations.open.cards;
  const deal = (await t.call('GET', `/api/attendances/deal/${attendanceId}`, { token: owner })).json();
  const pick = (c: { budget_views_count: number; budget_accepted: boolean }) => ({
    budget_views_count: c.budget_views_count,
    budget_accepted: c.budget_accepted,
  });
  return [
    pick(list.find((c: { id: number }) => c.id === attendanceId)),
    pick(funnel.find((c: { id: number }) => c.id === attendanceId)),
    pick(deal),
  ];
}

describe('budget activity on the attendance card', () => {
  it('sums the views of its budgets and tells when one was accepted', async () => {
    const first = await newBudget(t, owner);
    const { attendanceId } = await t.deps.db.budget.findUniqueOrThrow({ where: { id: first.id }, select: { attendanceId: true } });
    const none = { budget_views_count: 0, budget_accepted: false };
    expect(await cardsOf(attendanceId)).toEqual([none, none, none]);

    const second = await t.call('POST', '/api/budgets/', { token: owner, body: { attendance_id: attendanceId, title: 'Outra opção' } });
    expect(second.statusCode).toBe(200);
    await t.deps.db.budget.update({ where: { id: first.id }, data: { status: 'sent', landingViewsCount: 3 } });
    await t.deps.db.budget.update({ where: { id: second.json().id }, data: { status: 'sent', landingViewsCount: 2 } });
    const viewed = { budget_views_count: 5, budget_accepted: false };
    expect(await cardsOf(attendanceId)).toEqual([viewed, viewed, viewed]);

    await t.deps.db.budget.update({
      where: { id: first.id },
      data: { status: 'accepted', acceptedAt: new Date(), acceptedProposalId: first.proposalId, acceptedByName: 'Helena' },
    });
    const accepted = { budget_views_count: 5, budget_accepted: true };
    expect(await cardsOf(attendanceId)).toEqual([accepted, accepted, accepted]);

    // A canceled budget's acceptance no longer counts.
    await t.deps.db.budget.update({ where: { id: first.id }, data: { status: 'canceled' } });
    expect((await cardsOf(attendanceId))[0]).toEqual(viewed);
  });
});
