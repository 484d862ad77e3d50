export const ROLES = ['super_admin', 'owner', 'administrador', 'colaborador'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an agency manages for its own staff (super_admin belongs to the system company only). */
export const AGENCY_ROLES = ['owner', 'administrador', 'colaborador'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super administrador',
  owner: 'Proprietário',
  administrador: 'Administrador',
  colaborador: 'Colaborador',
};

export const USER_STATUSES = ['pending', 'active', 'inactive', 'denied'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
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
  financial_table_comments: false,
  custom_subdomain: false,
  super_admin: false,
};

/** Section 6: a super_admin token always carries this fixed set. */
export const SUPER_ADMIN_FEATURES: FeatureMap = {
  ...NO_FEATURES,
  custom_subdomain: true,
  super_admin: true,
};

/** Section 3: local storage keys. */
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

/** The keys removed on logout and on a 401/403 reply (section 8). */
export const SESSION_STORAGE_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.status,
  STORAGE_KEYS.daysRemaining,
  STORAGE_KEYS.subdomain,
] as const;

/** Section 9. */
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
