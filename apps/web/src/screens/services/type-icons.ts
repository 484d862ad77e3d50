// One icon per kind of budget service, shared by the /servicos cards and the proposal timeline.
import type { BudgetServiceType } from '@app/shared/budget-services';
import {
  IconBed,
  IconBus,
  IconCar,
  IconDots,
  IconPlane,
  IconShieldCheck,
  IconShip,
  IconTicket,
  type TablerIcon,
} from '@tabler/icons-react';

export const SERVICE_TYPE_ICONS: Record<BudgetServiceType, TablerIcon> = {
  air: IconPlane,
  accommodation: IconBed,
  cruise: IconShip,
  car_rental: IconCar,
  transfer: IconBus,
  insurance: IconShieldCheck,
  tour: IconTicket,
  other: IconDots,
};
