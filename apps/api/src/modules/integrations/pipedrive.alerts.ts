// The owner's e-mail when Pipedrive stops accepting the agency's token: one per refusal, not one per
// job. Every run that meets the refused token calls this; the first to claim the key (the connection
// and the moment of the refusal) sends it, the others find it claimed or sent (deliverOnce).
import type { JobDeps, JobRun } from '../../platform/jobs';
import { deliverOnce } from '../../platform/mail-deliveries';

export async function alertTokenInvalid(deps: JobDeps, run: JobRun, connectionId: number): Promise<void> {
  const row = await deps.db.integrationConnection.findUnique({
    where: { id: connectionId },
    select: { companyId: true, status: true, tokenInvalidAt: true, company: { select: { name: true } } },
  });
  if (row?.status !== 'token_invalid' || !row.tokenInvalidAt) return;
  await deliverOnce(deps, run, `pipedrive-token-invalid:${connectionId}:${row.tokenInvalidAt.getTime()}`, async () => {
    const owners = await deps.db.user.findMany({
      where: { companyId: row.companyId, role: 'owner', status: 'active' },
      select: { email: true },
      orderBy: { id: 'asc' },
    });
    if (!owners.length) return null;
    const link = `${deps.config.appUrl}/perfil`;
    return {
      to: owners.map((o) => o.email),
      subject: 'O Pipedrive deixou de aceitar o token da agência',
      text: [
        `O Pipedrive recusou o token de API usado pela agência ${row.company.name}.`,
        'Os atendimentos deixaram de ser enviados ao Pipedrive, e as alterações feitas lá deixaram de chegar aqui.',
        '',
        `Para reconectar, copie o token em Configurações pessoais > API, no Pipedrive, e salve-o em Meu perfil > Integrações: ${link}`,
        '',
        'Os dados dos dois lados continuam como estavam.',
      ].join('\n'),
    };
  });
}
