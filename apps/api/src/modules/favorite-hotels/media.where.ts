// Security-critical: tenant filters only. Every read and write of a photo goes through them, with the
// signed-in user's company.
import type { Prisma } from '@app/db';

/** Security-critical: a photo of the caller's company (its hotel is the same agency's: see media.service). */
export function mediaWhere(companyId: number, id: number): Prisma.MediaWhereInput {
  return { id, companyId };
}

/** Security-critical: the photos of one hotel of the caller's company. */
export function hotelMediaWhere(companyId: number, favoriteHotelId: number): Prisma.MediaWhereInput {
  return { companyId, favoriteHotelId };
}
