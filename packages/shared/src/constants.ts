import { UserRole, UserStatus } from '@app/db/browser';

// The roles and user statuses are the schema's enums (prisma/schema.prisma), declared there only.
export type Role = UserRole;
export const ROLES: readonly Role[] = Object.values(UserRole);

/** Roles an agency manages for its own staff (super_admin belongs to the system company only). */
export const AGENCY_ROLES = ['owner', 'administrador', 'colaborador'] as const satisfies readonly Role[];
export type AgencyRole = (typeof AGENCY_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super administrador',
  owner: 'Proprietário',
  administrador: 'Administrador',
  colaborador: 'Colaborador',
};

export type { UserStatus };
export const USER_STATUSES: readonly UserStatus[] = Object.values(UserStatus);
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Aguardando confirmação',
  active: 'Ativo',
  inactive: 'Inativo',
  denied: 'Recusado',
};

export const FEATURE_KEYS = [
  'd4sign',
  'cambio_sistema',
  'pipedrive_deals',
  'nfse',
  'financial_table_comments',
  'custom_subdomain',
  'super_admin',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];
export type FeatureMap = Record<FeatureKey, boolean>;

export const NO_FEATURES: FeatureMap = {
  d4sign: false,
  cambio_sistema: false,
  pipedrive_deals: false,
  nfse: false,
  financial_table_comments: false,
  custom_subdomain: false,
  super_admin: false,
};

/** A super_admin token always carries this fixed set. */
export const SUPER_ADMIN_FEATURES: FeatureMap = {
  ...NO_FEATURES,
  custom_subdomain: true,
  super_admin: true,
};

/** The web app's local storage keys. */
export const STORAGE_KEYS = {
  accessToken: 'agencia_crm_access_token',
  user: 'user',
  status: 'status',
  daysRemaining: 'days_remaining',
  subdomain: 'subdomain',
  navExpand: 'navExpand',
  valueDisplayVisibility: 'valueDisplayVisibility',
  accessUser: 'access_user',
} as const;

/** The keys removed on logout and on a 401/403 reply (both end the session). */
export const SESSION_STORAGE_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.status,
  STORAGE_KEYS.daysRemaining,
  STORAGE_KEYS.subdomain,
] as const;

/** How long a notification shows, and its fade. */
export const NOTIFICATION_DISPLAY_MS = 5000;
export const NOTIFICATION_FADE_MS = 550;
export const INACTIVITY_BEACON_DELAY_MS = 30000;
export const INACTIVITY_RESET_THROTTLE_MS = 2000;
export const BEACON_MIN_SECONDS = 3;
export const DEFAULT_PAGE_SIZE = 6;
export const FIRST_PAGE = 1;
export const MAX_PAGE_SIZE = 100;
/** The search box of a list (users, clients, attendances). */
export const SEARCH_MAX_LENGTH = 120;
/**
 * A search counts its matches up to this many (or to the page asked for, if further): past it the
 * list says "100+" and keeps its next pages, instead of counting every match of a common name.
 */
export const SEARCH_COUNT_CAP = 100;
export const MODAL_MAX_WIDTH = 600;
export const TRIAL_ENDING_SOON_DAYS = 3;
export const SUPPORT_EMAIL = 'suporte@agenciacrm.com.br';
export const PRODUCT_NAME = 'Agência CRM';
export const PRODUCT_WEBSITE = 'https://agenciacrm.com.br';

/** Lifetimes of the one-time links sent by e-mail. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const REGISTRATION_TTL_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 8;

/** The largest id a record has (PostgreSQL int4); a larger one in a URL is simply not found. */
export const MAX_RECORD_ID = 2_147_483_647;
export const isRecordId = (n: number) => Number.isInteger(n) && n > 0 && n <= MAX_RECORD_ID;
/**
 * The one way an id is written as text (paths, query strings): plain decimal digits without a
 * leading zero. `0x65`, `101e0`, `+101`, ` 101 `, `101.0` and `0101` are not the record 101, so a
 * record has a single URL (for caches, logs and access rules keyed by path).
 */
export const RECORD_ID_PATTERN = /^[1-9][0-9]{0,9}$/;
/** The id a text spells, or undefined when it is not one (see RECORD_ID_PATTERN). */
export function parseRecordId(text: string | null | undefined): number | undefined {
  if (!text || !RECORD_ID_PATTERN.test(text)) return undefined;
  const n = Number(text);
  return isRecordId(n) ? n : undefined;
}
