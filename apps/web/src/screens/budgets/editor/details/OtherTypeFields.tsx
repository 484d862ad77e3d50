// The own fields of a cruise, a car rental, a transfer, insurance and a tour.
import { SERVICE_TYPE_DECLARATIONS } from '@app/shared/budget-services';
import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { RefField, useServiceForm } from '../service-form-context';

const CRUISE = SERVICE_TYPE_DECLARATIONS.cruise.lists;
const CAR = SERVICE_TYPE_DECLARATIONS.car_rental.lists;

export function CruiseFields() {
  const { form } = useServiceForm();
  const companyId = form.values.details.cruise_company_id as number | null;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <RefField path="details.cruise_company_id" list={CRUISE.cruise_company_id as 'cruise_cia_params'} label="Companhia" />
        <RefField
          path="details.ship_id"
          list={CRUISE.ship_id as 'cruise_ship_params'}
          label="Navio"
          // The ships of the chosen company.
          parentId={companyId}
        />
        <RefField path="details.embark_port_id" list={CRUISE.embark_port_id as 'cruise_port_params'} label="Porto de embarque" />
        <RefField path="details.disembark_port_id" list={CRUISE.disembark_port_id as 'cruise_port_params'} label="Porto de desembarque" />
        <RefField path="details.cabin_type_id" list={CRUISE.cabin_type_id as 'cruise_cabin_type_params'} label="Tipo de cabine" />
        <RefField
          path="details.cabin_category_id"
          list={CRUISE.cabin_category_id as 'cruise_cabin_categorie_params'}
          label="Categoria de cabine"
        />
        <RefField path="details.diet_id" list={CRUISE.diet_id as 'cruise_diet_params'} label="Regime de alimentação" />
      </SimpleGrid>
      <Textarea label="Roteiro" autosize minRows={2} {...form.getInputProps('details.itinerary')} />
    </Stack>
  );
}

export function CarRentalFields() {
  const { form } = useServiceForm();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {/* The places first: the pick-up is what the agent types first (and must). */}
      <TextInput label="Retirada" withAsterisk placeholder="Local de retirada" {...form.getInputProps('details.pickup_place')} />
      <TextInput label="Devolução" placeholder="Local de devolução" {...form.getInputProps('details.dropoff_place')} />
      <RefField path="details.rental_company_id" list={CAR.rental_company_id as 'vehicle_rental_params'} label="Locadora" />
      <RefField
        path="details.vehicle_category_id"
        list={CAR.vehicle_category_id as 'vehicle_category_params'}
        label="Categoria do veículo"
      />
    </SimpleGrid>
  );
}

export function TransferFields() {
  const { form } = useServiceForm();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="De" withAsterisk placeholder="Aeroporto, hotel…" {...form.getInputProps('details.from_place')} />
        <TextInput label="Para" withAsterisk {...form.getInputProps('details.to_place')} />
        <TextInput label="Veículo" {...form.getInputProps('details.vehicle')} />
      </SimpleGrid>
      <Checkbox label="Transfer privativo" {...form.getInputProps('details.private', { type: 'checkbox' })} />
    </Stack>
  );
}

export function InsuranceFields() {
  const { form } = useServiceForm();
  return (
    <Stack gap="sm">
      <TextInput label="Plano" withAsterisk {...form.getInputProps('details.plan_name')} />
      <Textarea label="Coberturas" autosize minRows={2} {...form.getInputProps('details.coverage')} />
    </Stack>
  );
}

export function TourFields() {
  const { form } = useServiceForm();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Local" {...form.getInputProps('details.place')} />
        <TextInput label="Ponto de encontro" {...form.getInputProps('details.meeting_point')} />
      </SimpleGrid>
      <Textarea label="O que inclui" autosize minRows={2} {...form.getInputProps('details.includes')} />
    </Stack>
  );
}
