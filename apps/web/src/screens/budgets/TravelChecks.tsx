// The passengers' documents against the trip (GET /api/budgets/{id}/travel-checks): passports that
// end too soon, what a Brazilian needs at the destination, minors without both parents. Shown on
// the budget, in the sale dialog and on the sale page; the API says what, this only words it.
import type { BudgetTravelChecks } from '@app/shared/budgets';
import { shortDate } from '@app/shared/format';
import { TRAVEL_CHECK_TEXTS, VISA_REQUIREMENT_LABELS } from '@app/shared/travel-documents';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconId } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { countryName } from '../../components/CountrySelect';
import { useTRPC } from '../../lib/trpc';

function PassportLine({ p }: { p: BudgetTravelChecks['passports'][number] }) {
  const text = TRAVEL_CHECK_TEXTS.passport[p.issue](p.name, shortDate(p.expires_at), shortDate(p.limit_date));
  return <List.Item data-testid="travel-check-passport">{text}</List.Item>;
}

function VisaLine({ visa }: { visa: NonNullable<BudgetTravelChecks['visa']> }) {
  const country = visa.country_name ?? countryName(visa.country);
  return (
    <List.Item data-testid="travel-check-visa">
      <Text fz="sm" span fw={600}>
        {country}: {VISA_REQUIREMENT_LABELS[visa.requirement]}.
      </Text>
      {visa.note && ` ${visa.note}`}
      <Text fz="xs" c="dimmed">
        <Anchor href={visa.source_url} target="_blank" rel="noreferrer" fz="xs">
          {TRAVEL_CHECK_TEXTS.source(visa.source, shortDate(visa.checked_at))}
        </Anchor>
      </Text>
    </List.Item>
  );
}

export function TravelChecksView({ checks }: { checks: BudgetTravelChecks }) {
  const warnings = checks.passports.length + checks.minors.length + (checks.visa && checks.visa.requirement !== 'none' ? 1 : 0);
  const noDates = !checks.start_date && !checks.end_date;
  return (
    <Alert
      color={warnings ? 'orange' : 'gray'}
      variant="light"
      radius="lg"
      title={TRAVEL_CHECK_TEXTS.title}
      icon={warnings ? <IconAlertTriangle size={18} aria-hidden /> : <IconId size={18} aria-hidden />}
      data-testid="travel-checks"
    >
      <Stack gap={6}>
        {(checks.passports.length > 0 || checks.visa || checks.minors.length > 0) && (
          <List size="sm" spacing={4}>
            {checks.passports.map((p) => (
              <PassportLine key={p.pax_id} p={p} />
            ))}
            {checks.visa && <VisaLine visa={checks.visa} />}
            {checks.minors.map((m) => (
              <List.Item key={m.pax_id} data-testid="travel-check-minor">
                {TRAVEL_CHECK_TEXTS.minor[m.rule](m.name)}
              </List.Item>
            ))}
          </List>
        )}
        {noDates && <Text fz="sm">{TRAVEL_CHECK_TEXTS.noTripDates}</Text>}
        {!warnings && !checks.visa && !noDates && <Text fz="sm">{TRAVEL_CHECK_TEXTS.allClear}</Text>}
      </Stack>
    </Alert>
  );
}

/** The checks of one budget, read again whenever its queries are (a passenger or the trip changed). */
export function TravelChecks({ budgetId }: { budgetId: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.budgets.travelChecks.queryOptions({ id: budgetId }));
  return query.data ? <TravelChecksView checks={query.data} /> : null;
}
