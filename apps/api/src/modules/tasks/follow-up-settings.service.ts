// Which automatic follow-up rules an agency runs, and the days of the rules counted in days. No row:
// the rule is on (FOLLOW_UP_DEFAULT_OFF aside) with its default days.
import type { Db } from '@app/db';
import { FOLLOW_UP_DAYS, FOLLOW_UP_DEFAULT_OFF, FOLLOW_UP_RULE_LABELS, FOLLOW_UP_RULES, type FollowUpRule } from '@app/shared';

export async function getFollowUpSettings(db: Db, companyId: number) {
  const rows = await db.followUpSetting.findMany({ where: { companyId }, select: { rule: true, enabled: true, days: true } });
  const saved = new Map(rows.map((r) => [r.rule, r]));
  return {
    rules: FOLLOW_UP_RULES.map((rule) => ({
      rule,
      label: FOLLOW_UP_RULE_LABELS[rule],
      enabled: saved.get(rule)?.enabled ?? !FOLLOW_UP_DEFAULT_OFF.includes(rule),
      days: FOLLOW_UP_DAYS[rule] ? (saved.get(rule)?.days ?? FOLLOW_UP_DAYS[rule].default) : null,
    })),
  };
}

export async function updateFollowUpSettings(
  db: Db,
  companyId: number,
  input: { rules: { rule: FollowUpRule; enabled: boolean; days?: number | undefined }[] },
) {
  await db.$transaction(
    input.rules.map(({ rule, enabled, days }) =>
      db.followUpSetting.upsert({
        where: { companyId_rule: { companyId, rule } },
        create: { companyId, rule, enabled, days: days ?? null },
        update: { enabled, ...(days === undefined ? {} : { days }) },
        select: { rule: true },
      }),
    ),
  );
  return getFollowUpSettings(db, companyId);
}
