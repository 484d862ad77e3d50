import {
  type Attendance,
  type AttendanceListItem,
  type AttendanceStatus,
  attendanceStatusTag,
  type FunnelCard,
  imageUrl,
} from '@app/shared';
import { fromDbDate } from '../../calendar';
import type { AttendanceRow, CardRow, TripRow } from './attendances.select';

const tagOf = (status: AttendanceStatus, startDate: Date | null, today: string) =>
  attendanceStatusTag(status, fromDbDate(startDate), today);
const coverUrl = (key: string | null) => (key ? imageUrl(key) : null);

export function toTripDto(a: TripRow) {
  return {
    destination: a.destination,
    start_date: fromDbDate(a.startDate),
    end_date: fromDbDate(a.endDate),
    adults: a.adults,
    children: a.children,
    children_ages: a.childrenAges,
    infants: a.infants,
  };
}

export function toAttendanceDto(a: AttendanceRow, today: string): Attendance {
  return {
    id: a.id,
    client_id: a.clientId,
    client: a.client,
    owner_user_id: a.ownerUserId,
    owner: a.owner,
    title: a.title,
    ...toTripDto(a),
    budget_min_cents: a.budgetMinCents,
    budget_max_cents: a.budgetMaxCents,
    value_cents: a.valueCents,
    status: a.status,
    status_tag: tagOf(a.status, a.startDate, today),
    lost_reason: a.lostReason,
    notes: a.notes,
    cover_image_key: a.coverImageKey,
    cover_image_url: coverUrl(a.coverImageKey),
    closed_at: a.closedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    version: a.version,
  };
}

export function toListItem(a: CardRow, today: string): AttendanceListItem {
  return {
    id: a.id,
    client_id: a.clientId,
    client_name: a.clientName,
    owner_user_id: a.ownerUserId,
    owner_name: a.ownerName,
    title: a.title,
    destination: a.destination,
    start_date: a.startDate,
    end_date: a.endDate,
    value_cents: a.valueCents,
    status: a.status,
    status_tag: attendanceStatusTag(a.status, a.startDate, today),
    cover_image_url: coverUrl(a.coverImageKey),
    created_at: a.createdAt,
    budget_views_count: a.budgetViewsCount,
    budget_accepted: a.budgetAccepted,
    version: a.version,
  };
}

export function toFunnelCard(a: CardRow, today: string): FunnelCard {
  const { value_cents, ...item } = toListItem(a, today);
  return { ...item, price: value_cents };
}
