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

/** The paid plan grants every agency feature (super_admin belongs to the system company alone). */
export const PAID_PLAN_FEATURES = {
  d4sign: true,
  cambio_sistema: true,
  pipedrive_deals: true,
  nfse: true,
  financial_table_comments: true,
  custom_subdomain: true,
  super_admin: false,
};
/** The free plan grants none of them. */
const NO_FEATURES = Object.fromEntries(Object.keys(PAID_PLAN_FEATURES).map((key) => [key, false]));

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
        features: PAID_PLAN_FEATURES,
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

type SampleAttendance = {
  client: number; // index in SAMPLE_CLIENTS
  owner: 'owner' | 'admin' | 'colaborador';
  title: string;
  destination: string;
  startInDays: number; // negative: the trip already began, so open ones show as expired
  nights: number;
  adults: number;
  children?: number;
  infants?: number;
  budget?: [number, number];
  valueCents: number;
  status: 'open' | 'won' | 'lost' | 'canceled';
  lostReason?: string;
  createdIn: 'thisMonth' | 'lastMonth';
  createdAt: number; // fraction of that month elapsed (this month: of the time so far)
};

const SAMPLE_CLIENTS: Omit<Prisma.ClientUncheckedCreateInput, 'companyId'>[] = [
  {
    kind: 'person',
    name: 'Mariana Albuquerque',
    cpf: '52998224725',
    email: 'mariana.albuquerque@exemplo.com.br',
    phone: '(11) 98765-4321',
  },
  { kind: 'person', name: 'João Pedro Carvalho', cpf: '11144477735', email: 'joao.carvalho@exemplo.com.br', phone: '(21) 99876-1234' },
  { kind: 'person', name: 'Ana Beatriz Souza', email: 'ana.souza@exemplo.com.br', phone: '(31) 98123-4567' },
  { kind: 'person', name: 'Carlos Eduardo Lima', email: 'carlos.lima@exemplo.com.br', phone: '(41) 99234-5678' },
  { kind: 'person', name: 'Fernanda Rocha', email: 'fernanda.rocha@exemplo.com.br', phone: '(51) 98345-6789' },
  { kind: 'person', name: 'Rafael Mendes', phone: '(81) 99456-7890' },
  {
    kind: 'organization',
    name: 'Construtora Horizonte Ltda.',
    cnpj: '11222333000181',
    email: 'viagens@horizonte.com.br',
    phone: '(11) 3456-7890',
  },
  { kind: 'organization', name: 'Clínica Bem Viver', cnpj: '11444777000161', email: 'contato@bemviver.com.br', phone: '(48) 3322-1100' },
];

const SAMPLE_ATTENDANCES: SampleAttendance[] = [
  {
    client: 0,
    owner: 'owner',
    title: 'Lua de mel em Lisboa',
    destination: 'Lisboa, Portugal',
    startInDays: 45,
    nights: 10,
    adults: 2,
    budget: [2_000_000, 3_000_000],
    valueCents: 2_680_000,
    status: 'open',
    createdIn: 'thisMonth',
    createdAt: 0.3,
  },
  {
    client: 1,
    owner: 'colaborador',
    title: 'Férias em Fernando de Noronha',
    destination: 'Fernando de Noronha, PE',
    startInDays: 20,
    nights: 6,
    adults: 2,
    valueCents: 1_450_000,
    status: 'won',
    createdIn: 'lastMonth',
    createdAt: 0.4,
  },
  {
    client: 2,
    owner: 'admin',
    title: 'Natal Luz em Gramado',
    destination: 'Gramado, RS',
    startInDays: -5,
    nights: 4,
    adults: 2,
    children: 1,
    valueCents: 720_000,
    status: 'open',
    createdIn: 'lastMonth',
    createdAt: 0.2,
  },
  {
    client: 3,
    owner: 'owner',
    title: 'Parques em Orlando',
    destination: 'Orlando, EUA',
    startInDays: 90,
    nights: 12,
    adults: 2,
    children: 2,
    budget: [4_000_000, 5_500_000],
    valueCents: 4_890_000,
    status: 'open',
    createdIn: 'thisMonth',
    createdAt: 0.6,
  },
  {
    client: 4,
    owner: 'colaborador',
    title: 'Fim de semana em Buenos Aires',
    destination: 'Buenos Aires, Argentina',
    startInDays: 30,
    nights: 4,
    adults: 2,
    valueCents: 560_000,
    status: 'lost',
    lostReason: 'Preço acima do orçamento',
    createdIn: 'thisMonth',
    createdAt: 0.2,
  },
  {
    client: 5,
    owner: 'admin',
    title: 'Réveillon em Porto de Galinhas',
    destination: 'Porto de Galinhas, PE',
    startInDays: 60,
    nights: 7,
    adults: 4,
    valueCents: 1_980_000,
    status: 'won',
    createdIn: 'thisMonth',
    createdAt: 0.5,
  },
  {
    client: 6,
    owner: 'owner',
    title: 'Convenção de vendas em Foz do Iguaçu',
    destination: 'Foz do Iguaçu, PR',
    startInDays: 35,
    nights: 3,
    adults: 25,
    valueCents: 8_750_000,
    status: 'won',
    createdIn: 'lastMonth',
    createdAt: 0.7,
  },
  {
    client: 7,
    owner: 'admin',
    title: 'Congresso médico em Santiago',
    destination: 'Santiago, Chile',
    startInDays: -12,
    nights: 5,
    adults: 6,
    valueCents: 2_340_000,
    status: 'canceled',
    createdIn: 'lastMonth',
    createdAt: 0.1,
  },
  {
    client: 0,
    owner: 'colaborador',
    title: 'Cruzeiro pela costa brasileira',
    destination: 'Santos, SP',
    startInDays: 120,
    nights: 7,
    adults: 2,
    valueCents: 1_150_000,
    status: 'open',
    createdIn: 'thisMonth',
    createdAt: 0.8,
  },
  {
    client: 2,
    owner: 'owner',
    title: 'Roteiro por Paris e Roma',
    destination: 'Paris, França',
    startInDays: 75,
    nights: 14,
    adults: 2,
    budget: [3_000_000, 4_000_000],
    valueCents: 3_720_000,
    status: 'lost',
    lostReason: 'Cliente adiou a viagem',
    createdIn: 'lastMonth',
    createdAt: 0.5,
  },
  {
    client: 3,
    owner: 'admin',
    title: 'Esqui em Bariloche',
    destination: 'Bariloche, Argentina',
    startInDays: -3,
    nights: 6,
    adults: 2,
    children: 1,
    infants: 1,
    valueCents: 1_640_000,
    status: 'won',
    createdIn: 'lastMonth',
    createdAt: 0.3,
  },
  {
    client: 4,
    owner: 'colaborador',
    title: 'Praias de Maceió',
    destination: 'Maceió, AL',
    startInDays: 15,
    nights: 5,
    adults: 2,
    valueCents: 0,
    status: 'open',
    createdIn: 'thisMonth',
    createdAt: 0.9,
  },
];

/**
 * Clients and attendances for Agência Demo, so a local `npm start` shows a CRM in use. Does
 * nothing when the agency already has clients (tests expect an empty CRM, so this is opt-in).
 */
export async function seedSampleCrm(prisma: PrismaClient): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    const company = await tx.company.findFirst({ where: { name: DEMO.companies.demo } });
    if (!company || (await tx.client.count({ where: { companyId: company.id } })) > 0) return;
    const users = await tx.user.findMany({
      where: { email: { in: [DEMO.users.owner, DEMO.users.admin, DEMO.users.colaborador] } },
      select: { id: true, email: true },
    });
    const userId = (email: string) => (users.find((u) => u.email === email) as { id: number }).id;
    const owners = { owner: userId(DEMO.users.owner), admin: userId(DEMO.users.admin), colaborador: userId(DEMO.users.colaborador) };

    const clients = [];
    for (const data of SAMPLE_CLIENTS) clients.push(await tx.client.create({ data: { ...data, companyId: company.id } }));

    const now = Date.now();
    const { thisMonth, lastMonth } = businessMonthStarts(new Date(now));
    const dateIn = (days: number) => new Date(`${new Date(now + days * DAY).toISOString().slice(0, 10)}T00:00:00Z`);
    for (const a of SAMPLE_ATTENDANCES) {
      const createdAt = new Date(
        a.createdIn === 'thisMonth'
          ? thisMonth.getTime() + a.createdAt * (now - thisMonth.getTime())
          : lastMonth.getTime() + a.createdAt * (thisMonth.getTime() - lastMonth.getTime()),
      );
      const startDate = dateIn(a.startInDays);
      const endDate = dateIn(a.startInDays + a.nights);
      const row = await tx.attendance.create({
        data: {
          companyId: company.id,
          clientId: (clients[a.client] as { id: number }).id,
          ownerUserId: owners[a.owner],
          title: a.title,
          destination: a.destination,
          startDate,
          endDate,
          adults: a.adults,
          children: a.children ?? 0,
          infants: a.infants ?? 0,
          budgetMinCents: a.budget?.[0] ?? null,
          budgetMaxCents: a.budget?.[1] ?? null,
          valueCents: a.valueCents,
          status: a.status,
          lostReason: a.lostReason ?? null,
          // Canceled sales keep the date they were won, like the funnel moves do.
          closedAt: a.status === 'open' ? null : new Date(createdAt.getTime() + (now - createdAt.getTime()) / 2),
          createdAt,
        },
      });
      // The 'created' entry as the API writes it: every tracked field set at creation, from null.
      const created: Record<string, string | number | null> = {
        client_id: row.clientId,
        owner_user_id: row.ownerUserId,
        title: row.title,
        destination: row.destination,
        start_date: startDate.toISOString().slice(0, 10),
        end_date: endDate.toISOString().slice(0, 10),
        adults: row.adults,
        children: row.children,
        infants: row.infants,
        budget_min_cents: row.budgetMinCents,
        budget_max_cents: row.budgetMaxCents,
        value_cents: row.valueCents,
        status: 'open',
      };
      const changes = Object.fromEntries(
        Object.entries(created)
          .filter(([, to]) => to !== null)
          .map(([field, to]) => [field, { from: null, to }]),
      );
      await tx.attendanceLog.create({
        data: { companyId: company.id, attendanceId: row.id, userId: row.ownerUserId, action: 'created', changes, createdAt },
      });
    }
  });
}

/** Starts of this and last month in São Paulo time (UTC-3, no daylight saving since 2019). */
function businessMonthStarts(at: Date): { thisMonth: Date; lastMonth: Date } {
  const local = new Date(at.getTime() - 3 * 60 * 60 * 1000);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return { thisMonth: new Date(Date.UTC(year, month, 1, 3)), lastMonth: new Date(Date.UTC(year, month - 1, 1, 3)) };
}
