import type { Prisma } from '@app/db';
import { mediaOrder, mediaSelect } from './media.select';

const namedRow = { select: { id: true, name: true } } as const;

export const favoriteHotelDetailSelect = {
  id: true,
  name: true,
  location: true,
  stars: true,
  address: true,
  phone: true,
  email: true,
  website: true,
  notes: true,
  createdAt: true,
  updatedAt: true,
  city: { select: { id: true, name: true, parent: { select: { name: true, code: true } } } },
  supplier: namedRow,
  // Diets and room types, told apart by their list.
  options: { select: { referenceItem: { select: { id: true, name: true, list: true } } } },
  media: { select: mediaSelect, orderBy: mediaOrder },
} satisfies Prisma.FavoriteHotelSelect;

export type FavoriteHotelDetailRow = Prisma.FavoriteHotelGetPayload<{ select: typeof favoriteHotelDetailSelect }>;
