import { hotelStarsLabel } from '@app/shared/favorite-hotels';
import { Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

/** A hotel's stars drawn, read out as '4 estrelas'; 'Sem classificação' without them. */
export function Stars({ stars, size = 14 }: { stars: number | null; size?: number }) {
  if (!stars) {
    return (
      <Text fz="xs" c="dimmed">
        Sem classificação
      </Text>
    );
  }
  return (
    <Group gap={2} role="img" aria-label={hotelStarsLabel(stars)} wrap="nowrap">
      {Array.from({ length: stars }, (_, i) => (
        <IconStarFilled key={i} size={size} color="var(--mantine-color-yellow-6)" aria-hidden />
      ))}
    </Group>
  );
}
