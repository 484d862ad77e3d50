import { type Company, imageUrl } from '@app/shared';
import { entitlementsOf } from '../access/entitlements';
import type { AdminCompanyRow, CompanyBaseRow, CompanyRow } from './companies.select';

function toCompanyBaseDto(c: CompanyBaseRow) {
  return { id: c.id, name: c.name, subdomain: c.subdomain, created_at: c.createdAt.toISOString() };
}

export function toCompanyDto(c: CompanyRow): Company {
  return {
    ...toCompanyBaseDto(c),
    logo_url: c.logoKey ? imageUrl(c.logoKey) : null,
    contact_email: c.contactEmail,
    phone: c.phone,
    whatsapp: c.whatsapp,
    website: c.website,
    instagram: c.instagram,
    city: c.city,
    state: c.state,
    cnpj: c.cnpj,
    cadastur: c.cadastur,
    postal_code: c.postalCode,
    street: c.street,
    street_number: c.streetNumber,
    complement: c.complement,
    neighborhood: c.neighborhood,
    costs_visibility: c.costsVisibility,
    version: c.version,
  };
}

export function toAdminCompanyDto(c: AdminCompanyRow, now = new Date()) {
  // Seen as the agency's owner sees it (a super_admin's own view is always valid).
  const ent = entitlementsOf(c.subscription, 'owner', now);
  return {
    ...toCompanyBaseDto(c),
    owner_email: c.users[0]?.email ?? null,
    plan_id: c.subscription?.planId ?? null,
    plan_name: c.subscription?.plan.name ?? null,
    status_plan: ent.status_plan,
    is_valid_for_features: ent.is_valid_for_features,
    days_remaining: ent.days_remaining,
    current_period_end: ent.current_period_end?.toISOString() ?? null,
  };
}
