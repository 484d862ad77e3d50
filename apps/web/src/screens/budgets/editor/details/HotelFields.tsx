// A hotel stay: the hotel, its diet and times, and its rooms (room-1 by default), each with its
// people, how many alike, its type and category and its price for the whole stay.
import { BUDGET_LIMITS } from '@app/shared/budget-limits';
import { SERVICE_TYPE_DECLARATIONS } from '@app/shared/budget-services';
import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBed, IconPlus, IconTrash } from '@tabler/icons-react';
import { CurrencyInput } from '../../../../components/CurrencyInput';
import { ErrorText } from '../../../../components/ErrorText';
import { TimeField } from '../../../../components/TimeField';
import { RefField, useServiceForm } from '../service-form-context';
import { nextRoom, type RoomValues } from '../service-values';
import { HotelNameField } from './HotelNameField';

const LISTS = SERVICE_TYPE_DECLARATIONS.accommodation.lists;

function Room({ index, count }: { index: number; count: number }) {
  const { form, removeRow } = useServiceForm();
  const base = `details.rooms.${index}`;
  const n = index + 1;
  const { onChange: _v, ...valueProps } = form.getInputProps(`${base}.value`);
  return (
    <Fieldset legend={`Quarto ${n}`} radius="md" aria-label={`Quarto ${n}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
          <NumberInput label="Adultos" min={0} max={99} allowDecimal={false} {...form.getInputProps(`${base}.adult_number`)} />
          <NumberInput label="Crianças" min={0} max={99} allowDecimal={false} {...form.getInputProps(`${base}.child_number`)} />
          <NumberInput label="Bebês" min={0} max={99} allowDecimal={false} {...form.getInputProps(`${base}.infant_number`)} />
          <NumberInput label="Quartos iguais" min={1} max={50} allowDecimal={false} {...form.getInputProps(`${base}.number_room`)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <RefField path={`${base}.room_type_id`} list={LISTS.room_type_id as 'hotel_type_room_params'} label="Tipo de quarto" />
          <RefField path={`${base}.room_category_id`} list={LISTS.room_category_id as 'hotel_category_room_params'} label="Categoria" />
          <CurrencyInput
            label="Valor do quarto"
            description="A estadia inteira, por quarto"
            prefix={`${form.values.currency} `}
            {...valueProps}
            onChange={(cents) => form.setFieldValue(`${base}.value`, cents as never)}
          />
        </SimpleGrid>
        {count > 1 && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => removeRow('details.rooms', index)}
            >
              Remover quarto {n}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

export function HotelFields() {
  const { form } = useServiceForm();
  const rooms = form.values.details.rooms as RoomValues[];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <HotelNameField />
        <RefField path="details.city_id" list={LISTS.city_id as 'city_params'} label="Cidade" placeholder="Digite o nome da cidade" />
        <TextInput
          label="Local"
          description="Região ou endereço, se fora da lista de cidades"
          {...form.getInputProps('details.location')}
        />
        <RefField path="details.diet_id" list={LISTS.diet_id as 'hotel_diet_params'} label="Regime de alimentação" />
        <TimeField label="Check-in" {...form.getInputProps('details.check_in_time')} />
        <TimeField label="Check-out" {...form.getInputProps('details.check_out_time')} />
      </SimpleGrid>
      <Group gap="xs">
        <IconBed size={18} aria-hidden />
        <Text fw={600}>Quartos</Text>
      </Group>
      {rooms.map((room, index) => (
        <Room key={room.id} index={index} count={rooms.length} />
      ))}
      <ErrorText>{form.errors['details.rooms']}</ErrorText>
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rooms.length >= BUDGET_LIMITS.rooms.max}
          onClick={() => form.insertListItem('details.rooms', nextRoom(rooms))}
        >
          Adicionar quarto
        </Button>
      </Group>
    </Stack>
  );
}
