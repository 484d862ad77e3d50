// A service of a proposal, added or edited in a modal: the title, the form made for its type right
// after it (the paste, the hotel, the pick-up: what the agent types first), then the fields every
// service has, and its totals and the proposal's, recomputed as the agent types. Ctrl+S (⌘S)
// saves. What is typed is kept as a draft on this device until it is saved or discarded: a reload
// finds it when the same form opens again.
import {
  BUDGET_CURRENCIES,
  type BudgetServiceType,
  SERVICE_TYPE_DECLARATIONS,
  serviceFieldsInput,
  TAXES_BASES,
  TAXES_BASIS_LABELS,
} from '@app/shared/budget-services';
import type { QuoteRates } from '@app/shared/budget-totals';
import type { Service } from '@app/shared/services';
import {
  Alert,
  Button,
  Divider,
  Fieldset,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { getHotkeyHandler, useMediaQuery } from '@mantine/hooks';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { DateField } from '../../../components/DateField';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { Money } from '../../../components/Money';
import { supplierLabel } from '../../../components/pickers/supplier-options';
import { StaleWritePanel } from '../../../components/StaleWritePanel';
import { TimeField } from '../../../components/TimeField';
import { clearDraft, readDraft, writeDraft } from '../../../lib/drafts';
import { useSchemaForm } from '../../../lib/form';
import { useStaleWrite } from '../../../lib/stale-write';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useCurrentUser, useSeesCosts } from '../../../lib/use-session';
import { PercentInput } from '../../suppliers/PercentInput';
import { AGE_GROUP_LABELS } from '../labels';
import { AirFields } from './details/AirFields';
import { HotelFields } from './details/HotelFields';
import { CarRentalFields, CruiseFields, InsuranceFields, TourFields, TransferFields } from './details/OtherTypeFields';
import { EDITOR_SHORTCUTS } from './EditorShortcuts';
import { isForeign, ServiceRateField } from './ServiceRateField';
import { ServiceSupplierPicker } from './ServiceSupplierPicker';
import { restoreDraft, type ServiceDraft, serviceDraftKey } from './service-draft';
import { ServiceFormContext } from './service-form-context';
import {
  blankService,
  headCountsOf,
  referenceLabels,
  type ServiceValues,
  serviceValuesOf,
  suggestedTitle,
  TITLE_SOURCES,
} from './service-values';
import { type BudgetPricing, liveProposalTotals } from './totals';
import { useTodayRates } from './use-today-rates';

const DETAILS: Record<BudgetServiceType, (() => ReactNode) | null> = {
  air: AirFields,
  accommodation: HotelFields,
  cruise: CruiseFields,
  car_rental: CarRentalFields,
  transfer: TransferFields,
  insurance: InsuranceFields,
  tour: TourFields,
  other: null,
};

/** Names of fields in messages that name them. */
const LABELS = { title: 'Título', hotel_name: 'Hotel', pickup_place: 'Retirada', from_place: 'De', to_place: 'Para', plan_name: 'Plano' };

/** The fields' names in the merge panel of a stale save. */
const FIELD_LABELS: Record<string, string> = {
  ...LABELS,
  supplier_id: 'Fornecedor',
  start_date: 'Início',
  start_time: 'Hora de início',
  end_date: 'Fim',
  end_time: 'Hora de fim',
  details: 'Detalhes do serviço',
  adult_number: 'Adultos',
  child_number: 'Crianças',
  infant_number: 'Bebês',
  currency: 'Moeda',
  adult_cents: 'Tarifa adulto',
  child_cents: 'Tarifa criança',
  infant_cents: 'Tarifa bebê',
  total_cents: 'Valor total',
  taxes_cents: 'Taxas',
  taxes_basis: 'Taxas cobradas',
  fee_cents: 'Taxa de serviço',
  commission_basis_points: 'Comissão',
  quote_rate: 'Câmbio do serviço',
  description: 'Descrição',
};

const CURRENCY_OPTIONS = BUDGET_CURRENCIES.map((c) => ({ value: c, label: c }));

export type ServiceTarget = {
  budget: BudgetPricing & { id: number; start_date: string | null; end_date: string | null };
  proposal: { id: number; title: string; services: Service[] };
};

type Props = ServiceTarget & {
  /** A new service of this type; or `service` to edit. */
  type?: BudgetServiceType;
  service?: Service;
  onClose: () => void;
  onSaved: () => void;
};

function Summary({
  budget,
  proposal,
  service,
  values,
  today,
}: ServiceTarget & { service?: Service; values: ServiceValues; today: QuoteRates }) {
  const seesCosts = useSeesCosts();
  const live = liveProposalTotals(budget, proposal.services, { id: service?.id, values }, today);
  if (!live.totals) {
    return (
      <Alert color="yellow" variant="light" title="Informe o câmbio">
        Não há cotação de {live.missing}: informe o câmbio do serviço acima para ver os totais.
      </Alert>
    );
  }
  const line = live.totals.services.at(-1);
  return (
    <Paper withBorder radius="md" p="sm" aria-live="polite" data-testid="service-summary">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <div>
          <Text fz="xs" c="dimmed">
            Total do serviço
          </Text>
          <Text fw={700} data-testid="service-summary-total">
            <Money cents={line?.sale_cents ?? 0} currency={budget.currency} />
          </Text>
          {seesCosts && (
            <Text fz="xs" c="dimmed">
              Comissão <Money cents={line?.commission_cents ?? 0} currency={values.currency} />
            </Text>
          )}
        </div>
        <div>
          <Text fz="xs" c="dimmed">
            Total da proposta “{proposal.title}”
          </Text>
          <Text fw={700} data-testid="service-summary-proposal-total">
            <Money cents={live.totals.sale_cents} currency={budget.currency} />
          </Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}

/** Where the form keeps its draft: none until the signed-in user is known. */
function useDraftKey(budgetId: number, service: Service | undefined, type: BudgetServiceType): string | null {
  const user = useCurrentUser();
  return user ? serviceDraftKey(user, budgetId, service, type) : null;
}

function ServiceForm({
  budget,
  proposal,
  type,
  service,
  initial,
  initialLabels,
  supplierName,
  onClose,
  onSaved,
}: ServiceTarget &
  Omit<Props, 'type'> & {
    type: BudgetServiceType;
    initial: ServiceValues;
    initialLabels: Record<string, string>;
    /** The chosen supplier's name (the picker has not fetched it). */
    supplierName?: string;
  }) {
  const seesCosts = useSeesCosts();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const declaration = SERVICE_TYPE_DECLARATIONS[type];
  const draftKey = useDraftKey(budget.id, service, type);
  const [draft] = useState<ServiceDraft | null>(() => (draftKey ? restoreDraft(readDraft(draftKey), initial) : null));
  const [restored, setRestored] = useState(!!draft);
  const form = useSchemaForm({ schema: serviceFieldsInput, initialValues: draft?.values ?? initial, savedValues: initial, labels: LABELS });
  const labels = useRef<Record<string, string>>({ ...initialLabels, ...draft?.labels });
  // The form may open after what it starts from has loaded, when the modal has placed its focus already.
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const [labelsVersion, setLabelsVersion] = useState(0);

  const context = {
    form,
    labels: labels.current,
    labelsVersion,
    setLabel: (path: string, label: string, remount = false) => {
      labels.current[path] = label;
      if (remount) setLabelsVersion((v) => v + 1);
    },
    removeRow: (listPath: string, index: number) => {
      // The texts of the later rows move up with them.
      const prefix = `${listPath}.`;
      const moved: Record<string, string> = {};
      for (const [path, label] of Object.entries(labels.current)) {
        if (!path.startsWith(prefix)) {
          moved[path] = label;
          continue;
        }
        const [row, ...rest] = path.slice(prefix.length).split('.');
        const at = Number(row);
        if (at === index) continue;
        moved[`${prefix}${at > index ? at - 1 : at}.${rest.join('.')}`] = label;
      }
      labels.current = moved;
      form.removeListItem(listPath, index);
      setLabelsVersion((v) => v + 1);
    },
  };

  // A new service's title follows its own fields (the route pasted, the hotel typed) until the
  // agent types one: the title is then no longer a thing to type first.
  const ownTitle = useRef(!!(draft?.values ?? initial).title);
  const changed = form.hasChanges();
  const forgetDraft = () => {
    if (draftKey) clearDraft(draftKey);
  };
  const close = useUnsavedChanges(changed, forgetDraft);
  // Written as it is typed (the texts of the picks with it); back to the saved values, there is none.
  const v = form.values;
  useEffect(() => {
    if (!draftKey) return;
    if (changed) writeDraft(draftKey, { values: v, labels: labels.current } satisfies ServiceDraft);
    else clearDraft(draftKey);
  }, [draftKey, changed, v]);
  const discardDraft = () => {
    forgetDraft();
    labels.current = { ...initialLabels };
    form.setValues(initial);
    ownTitle.current = !!initial.title;
    form.clearErrors();
    setLabelsVersion((n) => n + 1);
    setRestored(false);
  };

  const suggestion = service ? null : suggestedTitle(v, labels.current);
  useEffect(() => {
    if (!ownTitle.current && suggestion !== null && form.getValues().title !== suggestion) form.setFieldValue('title', suggestion);
  }, [suggestion, form]);

  const saved = (message: string) => {
    forgetDraft();
    toastSuccess(message);
    onSaved();
    onClose();
  };
  const stale = useStaleWrite({
    version: service?.version,
    base: initial,
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.services.get.queryOptions({ id: service?.id ?? 0 }, { staleTime: 0 }));
      return { values: serviceValuesOf(current), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });
  const onError = (error: unknown) => {
    if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
  };
  const create = useMutation(trpc.services.create.mutationOptions({ onSuccess: () => saved('Serviço adicionado.'), onError }));
  const update = useMutation(trpc.services.update.mutationOptions({ onSuccess: () => saved('Serviço atualizado.'), onError }));
  const pending = create.isPending || update.isPending;

  const submit = form.submit((input) => {
    // A hotel's travellers are its rooms'; only a foreign currency takes the service's own rate.
    const quote_rate = isForeign(input.currency, budget.currency) ? (input.quote_rate ?? null) : null;
    const fields = { ...input, ...headCountsOf(form.getValues()), quote_rate };
    if (service)
      update.mutate({
        ...fields,
        id: service.id,
        proposal_id: service.proposal_id,
        position: service.position,
        version: stale.version(),
      } as never);
    else create.mutate({ ...fields, proposal_id: proposal.id } as never);
  });

  const today = useTodayRates(isForeign(v.currency, budget.currency));
  const money = (field: 'adult_cents' | 'child_cents' | 'infant_cents' | 'total_cents' | 'taxes_cents' | 'fee_cents', label: string) => {
    const { onChange: _c, ...props } = form.getInputProps(field);
    // The amounts are in the service's currency (a tour in USD), as the prefix and the field's hint say.
    return <CurrencyInput label={label} prefix={`${v.currency} `} {...props} onChange={(cents) => form.setFieldValue(field, cents)} />;
  };
  const Details = DETAILS[type];

  return (
    <ServiceFormContext.Provider value={context}>
      <form
        onSubmit={submit}
        onKeyDown={getHotkeyHandler([
          [
            EDITOR_SHORTCUTS.saveService.hotkey,
            () => {
              if (!pending) submit();
            },
          ],
        ])}
        noValidate
        aria-label={`Serviço: ${declaration.label}`}
        aria-keyshortcuts="Control+S Meta+S"
      >
        <Stack gap="md">
          {restored && (
            <Alert color="blue" variant="light" title="Rascunho restaurado" data-testid="draft-restored">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">O que você digitou antes e não salvou voltou para o formulário.</Text>
                <Button variant="default" size="xs" onClick={discardDraft}>
                  Descartar rascunho
                </Button>
              </Stack>
            </Alert>
          )}
          <ErrorText>{form.formError}</ErrorText>
          <StaleWritePanel state={stale} labels={FIELD_LABELS} />
          <TextInput
            label="Título"
            withAsterisk
            ref={titleRef}
            data-autofocus
            autoComplete="off"
            description={service ? undefined : TITLE_SOURCES[type]}
            {...form.getInputProps('title')}
            onChange={(event) => {
              ownTitle.current = event.currentTarget.value !== '';
              form.setFieldValue('title', event.currentTarget.value);
            }}
          />
          {Details && (
            <Fieldset legend={declaration.label} radius="md" variant="filled">
              <Details />
            </Fieldset>
          )}

          <ServiceSupplierPicker
            key={`supplier:${labelsVersion}`}
            label="Fornecedor"
            placeholder="Digite para buscar"
            serviceTypes={declaration.supplierTypes}
            initialLabel={labels.current.supplier_id ?? supplierName}
            {...form.getInputProps('supplier_id')}
            onChange={(id, item) => {
              context.setLabel('supplier_id', item ? supplierLabel(item) : '');
              form.setFieldValue('supplier_id', id);
            }}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <DateField label="Início" {...form.getInputProps('start_date')} />
            <TimeField label="Hora de início" {...form.getInputProps('start_time')} />
            <DateField label="Fim" minDate={v.start_date ?? undefined} {...form.getInputProps('end_date')} />
            <TimeField label="Hora de fim" {...form.getInputProps('end_time')} />
          </SimpleGrid>

          <Fieldset legend="Valores" radius="md">
            <Stack gap="sm">
              {declaration.pricing !== 'per_room' && (
                <SimpleGrid cols={{ base: 3 }} spacing="sm">
                  <NumberInput label="Adultos" min={0} max={99} allowDecimal={false} {...form.getInputProps('adult_number')} />
                  <NumberInput label="Crianças" min={0} max={99} allowDecimal={false} {...form.getInputProps('child_number')} />
                  <NumberInput label="Bebês" min={0} max={99} allowDecimal={false} {...form.getInputProps('infant_number')} />
                </SimpleGrid>
              )}
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Select
                  label="Moeda"
                  data={CURRENCY_OPTIONS}
                  allowDeselect={false}
                  searchable
                  {...form.getInputProps('currency')}
                  onChange={(currency) => {
                    // A rate typed for one currency is not another's.
                    form.setFieldValue('currency', currency ?? budget.currency);
                    form.setFieldValue('quote_rate', null);
                  }}
                />
                {declaration.pricing === 'per_pax' && (
                  <>
                    {money('adult_cents', `Tarifa ${AGE_GROUP_LABELS.adult.toLowerCase()}`)}
                    {money('child_cents', `Tarifa ${AGE_GROUP_LABELS.child.toLowerCase()}`)}
                    {money('infant_cents', `Tarifa ${AGE_GROUP_LABELS.infant.toLowerCase()}`)}
                  </>
                )}
                {declaration.pricing === 'total' && money('total_cents', 'Valor total')}
                <Stack gap={4}>
                  {money('taxes_cents', v.taxes_basis === 'passenger' ? 'Taxas por passageiro' : 'Taxas')}
                  <SegmentedControl
                    size="xs"
                    aria-label="Taxas cobradas"
                    data={TAXES_BASES.map((basis) => ({ value: basis, label: TAXES_BASIS_LABELS[basis] }))}
                    {...form.getInputProps('taxes_basis')}
                  />
                </Stack>
                {money('fee_cents', 'Taxa de serviço')}
                {seesCosts && (
                  <PercentInput
                    label="Comissão"
                    {...form.getInputProps('commission_basis_points')}
                    onChange={(bp) => form.setFieldValue('commission_basis_points', bp)}
                  />
                )}
              </SimpleGrid>
              {declaration.pricing === 'per_room' && (
                <Text fz="xs" c="dimmed">
                  O valor da hospedagem é a soma dos quartos.
                </Text>
              )}
              <ServiceRateField form={form} budget={budget} services={proposal.services} today={today} />
            </Stack>
          </Fieldset>

          <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps('description')} />
          <Divider />
          <Summary budget={budget} proposal={proposal} service={service} values={v} today={today.rates} />
          <FormActions onCancel={close} pending={pending}>
            {service ? 'Salvar serviço' : 'Adicionar serviço'}
          </FormActions>
        </Stack>
      </form>
    </ServiceFormContext.Provider>
  );
}

/**
 * Loads what the form starts from before it opens: for an edit, the names of the service's list
 * rows; for a new service, the agency's usual supplier and commission for its type.
 */
function ServiceFormLoader(props: Props) {
  const trpc = useTRPC();
  const { service, type, budget } = props;
  const central = useQuery(trpc.services.serviceCentral.queryOptions(service ? { id: service.id } : skipToken, { staleTime: 0 }));
  const types = useQuery(trpc.services.types.queryOptions(undefined, { enabled: !service, staleTime: 5 * 60_000, meta: { silent: true } }));
  if (service) {
    if (!central.data) return central.isError ? <Text c="dimmed">Não foi possível carregar o serviço.</Text> : <Skeleton h={320} />;
    return (
      <ServiceForm
        {...props}
        type={service.type}
        initial={serviceValuesOf(service)}
        initialLabels={referenceLabels(central.data.references)}
        supplierName={service.supplier?.name}
      />
    );
  }
  // Without the defaults (a failed call) the form opens blank.
  if (types.isPending) return <Skeleton h={320} />;
  const chosen = type ?? 'other';
  const defaults = types.data?.types.find((t) => t.type === chosen)?.defaults;
  const initial = {
    ...blankService(chosen, {
      currency: budget.currency,
      start_date: budget.start_date,
      end_date: budget.end_date,
      passengers: countPaxes(budget.paxes),
      commission_basis_points: defaults?.commission_basis_points,
    }),
    supplier_id: defaults?.supplier?.id ?? null,
  };
  return <ServiceForm {...props} type={chosen} initial={initial} initialLabels={{}} supplierName={defaults?.supplier?.name} />;
}

function countPaxes(paxes: BudgetPricing['paxes']) {
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of paxes) counts[p.age_group] += 1;
  return counts;
}

export function ServiceFormModal(props: Props & { opened: boolean }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const { opened, onClose, service, type } = props;
  const label = SERVICE_TYPE_DECLARATIONS[service?.type ?? type ?? 'other'].label;
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{service ? `Editar serviço: ${label}` : `Novo serviço: ${label}`}</Text>}
      size="xl"
      fullScreen={phone}
      centered
    >
      {opened && <ServiceFormLoader {...props} />}
    </FormDialog>
  );
}
