import { parseRecordId } from '@app/shared/constants';
import type { FavoriteHotelListItem } from '@app/shared/favorite-hotels';
import { HOTEL_STARS, hotelStarsLabel } from '@app/shared/favorite-hotels';
import { AspectRatio, Box, Card, Center, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBed, IconMapPin, IconPhoto } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListPage, NewButton } from '../../components/ListScreen';
import { ReferencePicker } from '../../components/pickers/ReferencePicker';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { hotelPlace } from './labels';
import { NewHotelModal } from './NewHotelModal';
import { Stars } from './Stars';

const PER_PAGE = 12;
const NOUN: [string, string] = ['hotel', 'hotéis'];
const STAR_OPTIONS = HOTEL_STARS.map((n) => ({ value: String(n), label: hotelStarsLabel(n) }));
const isStars = (v: string | null) => STAR_OPTIONS.some((o) => o.value === v);

/** A hotel of the list: its cover's small copy, name, place and stars; the whole card opens it. */
function HotelCard({ hotel }: { hotel: FavoriteHotelListItem }) {
  const place = hotelPlace(hotel);
  return (
    <Card withBorder radius="md" padding={0} component={Link} to={`/hotel/${hotel.id}`} data-testid="hotel-card">
      <AspectRatio ratio={3 / 2}>
        {hotel.cover_thumb_url ? (
          <Image src={hotel.cover_thumb_url} alt={`Capa de ${hotel.name}`} fit="cover" loading="lazy" data-testid="hotel-cover" />
        ) : (
          <Center bg="var(--mantine-color-gray-0)">
            <Stack gap={4} align="center">
              <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text fz="xs" c="dimmed">
                Sem fotos
              </Text>
            </Stack>
          </Center>
        )}
      </AspectRatio>
      <Stack gap={4} p="sm">
        <Text fw={600} lineClamp={2}>
          {hotel.name}
        </Text>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={14} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fz="sm" c="dimmed" lineClamp={1}>
            {place ?? 'Local não informado'}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Stars stars={hotel.stars} />
          {hotel.media_count > 0 && (
            <Text fz="xs" c="dimmed">
              {hotel.media_count === 1 ? '1 foto' : `${hotel.media_count} fotos`}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export default function HotelsScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { params, page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const [createOpened, createModal] = useDisclosure(false);

  const cityId = parseRecordId(params.get('cidade'));
  const cityName = params.get('cidade_nome') ?? '';
  const starsParam = params.get('estrelas');
  const stars = isStars(starsParam) ? Number(starsParam) : undefined;

  const list = useQuery(
    trpc.favoriteHotels.list.queryOptions(
      { search: search.applied || undefined, city_id: cityId, stars, page, per_page: PER_PAGE },
      { placeholderData: keepPreviousData },
    ),
  );
  const hotels = list.data?.favorite_hotels ?? [];
  const filtered = !!search.applied || !!cityId || !!stars;

  return (
    <>
      <ListPage actions={<NewButton onClick={createModal.open}>Novo hotel</NewButton>}>
        <ListFilterBar search={search} placeholder="Nome, local ou endereço" active={[cityId, stars].filter(Boolean).length}>
          <Box w={{ base: '100%', xs: 240 }}>
            <ReferencePicker
              // A new picker when the filter is cleared from outside ('Limpar filtros').
              key={cityId ?? 'none'}
              list="city_params"
              label="Cidade"
              placeholder="Todas"
              value={cityId ?? null}
              initialLabel={cityName}
              onChange={(id, item) =>
                update({
                  cidade: id ? String(id) : undefined,
                  cidade_nome: item ? [item.name, item.parent?.code].filter(Boolean).join(' · ') : undefined,
                  page: undefined,
                })
              }
            />
          </Box>
          <ListFilterSelect
            label="Estrelas"
            placeholder="Todas"
            param="estrelas"
            value={stars ? String(stars) : undefined}
            update={update}
            data={STAR_OPTIONS}
            w={{ base: '100%', xs: 160 }}
          />
        </ListFilterBar>

        <ListContent
          query={list}
          isEmpty={hotels.length === 0}
          icon={<IconBed size={28} aria-hidden />}
          noun={NOUN}
          empty={{
            hint: 'Cadastre os hotéis que a agência mais vende em “Novo hotel”.',
            filtered,
            onClear: () => search.clearFilters(['cidade', 'cidade_nome', 'estrelas']),
          }}
        >
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="md"
            aria-busy={list.isFetching}
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
          >
            {hotels.map((h) => (
              <HotelCard key={h.id} hotel={h} />
            ))}
          </SimpleGrid>
        </ListContent>
        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>

      <NewHotelModal opened={createOpened} onClose={createModal.close} onCreated={(hotel) => void navigate(`/hotel/${hotel.id}`)} />
    </>
  );
}
