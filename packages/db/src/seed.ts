// Demo data for development and tests. Only what is missing gets created; existing rows are left
// as they are, so running it again changes nothing.
import { hashPassword, type Prisma, type PrismaClient, type UserRole } from './index';

export const DEMO = {
  password: 'demo12345',
  users: {
    superAdmin: 'root@sistema.test',
    owner: 'dono@demo.test',
    admin: 'admin@demo.test',
    colaborador: 'colab@demo.test',
    outraOwner: 'dono@outra.test',
  },
  companies: { sistema: 'Sistema', demo: 'Agência Demo', outra: 'Agência Outra' },
  plans: { free: 'Plano Grátis', pro: 'Plano Profissional' },
} as const;

const DAY = 24 * 60 * 60 * 1000;
// Serialises concurrent seeders (two app processes starting at once): plan and company names are
// not unique in the schema, so only this lock keeps them from being created twice.
const SEED_LOCK = 7_345_001;

const NO_FEATURES = {
  d4sign: false,
  cambio_sistema: false,
  pipedrive_deals: false,
  financial_table_comments: false,
  custom_subdomain: false,
  super_admin: false,
};

type Tx = Prisma.TransactionClient;

export async function seed(prisma: PrismaClient): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
      await ensurePlan(tx, { name: DEMO.plans.free, amountCents: 0, trialDays: 0, features: NO_FEATURES });
      const pro = await ensurePlan(tx, {
        name: DEMO.plans.pro,
        amountCents: 14_990,
        trialDays: 14,
        stripePriceId: 'price_profissional',
        features: {
          d4sign: true,
          cambio_sistema: true,
          pipedrive_deals: true,
          financial_table_comments: true,
          custom_subdomain: true,
          super_admin: false,
        },
      });

      const now = Date.now();
      await ensureCompany(tx, {
        company: { name: DEMO.companies.sistema, subdomain: 'sistema', isSystem: true },
        subscription: { planId: pro.id, status: 'active' },
        users: [{ email: DEMO.users.superAdmin, name: 'Root do Sistema', role: 'super_admin' }],
      });
      await ensureCompany(tx, {
        company: { name: DEMO.companies.demo, subdomain: 'demo' },
        subscription: { planId: pro.id, status: 'active', currentPeriodEnd: new Date(now + 30 * DAY) },
        users: [
          { email: DEMO.users.owner, name: 'Dona Demo', role: 'owner' },
          { email: DEMO.users.admin, name: 'Admin Demo', role: 'administrador' },
          { email: DEMO.users.colaborador, name: 'Colab Demo', role: 'colaborador' },
        ],
      });
      await ensureCompany(tx, {
        company: { name: DEMO.companies.outra, subdomain: 'outra' },
        subscription: { planId: pro.id, status: 'trialing', trialEndsAt: new Date(now + 10 * DAY) },
        users: [{ email: DEMO.users.outraOwner, name: 'Dono Outra', role: 'owner' }],
      });
    },
    { timeout: 60_000 }, // password hashing runs inside
  );
}

async function ensurePlan(tx: Tx, data: Prisma.PlanCreateInput) {
  return (await tx.plan.findFirst({ where: { name: data.name } })) ?? tx.plan.create({ data });
}

async function ensureCompany(
  tx: Tx,
  spec: {
    company: Omit<Prisma.CompanyCreateInput, 'users' | 'subscription'>;
    subscription: Omit<Prisma.SubscriptionUncheckedCreateInput, 'companyId'>;
    users: { email: string; name: string; role: UserRole }[];
  },
) {
  const company = (await tx.company.findFirst({ where: { name: spec.company.name } })) ?? (await tx.company.create({ data: spec.company }));
  if (!(await tx.subscription.findUnique({ where: { companyId: company.id } }))) {
    await tx.subscription.create({ data: { ...spec.subscription, companyId: company.id } });
  }
  for (const user of spec.users) {
    if (await tx.user.findUnique({ where: { email: user.email } })) continue;
    await tx.user.create({
      data: { ...user, companyId: company.id, status: 'active', passwordHash: await hashPassword(DEMO.password) },
    });
  }
}
