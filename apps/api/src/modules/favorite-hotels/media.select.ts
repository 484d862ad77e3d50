import type { Prisma } from '@app/db';

export const mediaSelect = {
  id: true,
  favoriteHotelId: true,
  key: true,
  variants: true,
  contentType: true,
  size: true,
  width: true,
  height: true,
  caption: true,
  position: true,
  isCover: true,
  createdAt: true,
} satisfies Prisma.MediaSelect;

export type MediaRow = Prisma.MediaGetPayload<{ select: typeof mediaSelect }>;

/** A hotel's photos in their order. */
export const mediaOrder = [{ position: 'asc' }, { id: 'asc' }] satisfies Prisma.MediaOrderByWithRelationInput[];
