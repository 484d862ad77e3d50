// Which automatic follow-up rules an agency runs. No row: the rule is on.
import type { Db } from '@app/db';
import { FOLLOW_UP_RULE_LABELS, FOLLOW_UP_RULES, type FollowUpRule } from '@app/shared';

export async function getFollowUpSettings(db: Db, companyId: number) {
  const rows = await db.followUpSetting.findMany({ where: { companyId }, select: { rule: true, enabled: true } });
  const enabled = new Map(rows.map((r) => [r.rule, r.enabled]));
  return { rules: FOLLOW_UP_RULES.map((rule) => ({ rule, label: FOLLOW_UP_RULE_LABELS[rule], enabled: enabled.get(rule) ?? true })) };
}

export async function updateFollowUpSettings(db: Db, companyId: number, input: { rules: { rule: FollowUpRule; enabled: boolean }[] }) {
  await db.$transaction(
    input.rules.map(({ rule, enabled }) =>
      db.followUpSetting.upsert({
        where: { companyId_rule: { companyId, rule } },
        create: { companyId, rule, enabled },
        update: { enabled },
        select: { rule: true },
      }),
    ),
  );
  return getFollowUpSettings(db, companyId);
}
