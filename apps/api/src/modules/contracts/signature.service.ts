// Electronic signature of a contract (the d4sign feature) through the signature port: sending the
// PDF to be signed by the client, and the provider's callback once it is signed. The callback is
// only a nudge: what happened is read again from the provider by the document's id.
import { randomUUID } from 'node:crypto';
import { CONTRACT_MESSAGES, type Contract, z } from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { contractFileName } from './contracts.dto';
import { getContract, upstream } from './contracts.service';
import { contractBySignatureWhere, contractWhere } from './contracts.where';
import { signatureProviderFrom } from './d4sign.provider';
import type { SignatureProvider } from './signature-provider';

export const SIGNATURE_CALLBACK_PATH = '/api/contracts/signature-callback';

const conflict = (message: string) => new AppError('CONFLICT', { message });

/**
 * POST /api/contracts/signature/{id}: the contract's PDF goes to the provider, to be signed by the
 * client (by e-mail); the contract is then sent, with the provider's document id. A contract
 * cancelled, already signed or already with the provider is refused (409).
 */
export async function requestContractSignature(
  deps: Deps,
  companyId: number,
  id: number,
  provider: SignatureProvider | null = signatureProviderFrom(deps.config),
): Promise<Contract> {
  const contract = await deps.db.contract.findFirst({
    where: contractWhere(companyId, id),
    select: {
      status: true,
      fileKey: true,
      signatureDocumentId: true,
      budget: { select: { title: true, client: { select: { name: true, email: true } }, company: { select: { name: true } } } },
    },
  });
  if (!contract) throw notFound();
  if (!provider) throw new AppError('NOT_CONFIGURED', { message: CONTRACT_MESSAGES.signatureNotConfigured });
  if (contract.status === 'cancelled') throw conflict(CONTRACT_MESSAGES.cancelled);
  if (contract.status === 'signed' || contract.status === 'uploaded') throw conflict(CONTRACT_MESSAGES.alreadySigned);
  if (contract.signatureDocumentId) throw conflict(CONTRACT_MESSAGES.signatureAlreadyRequested);
  const { budget } = contract;
  if (!budget.client.email) throw conflict(CONTRACT_MESSAGES.noSignerEmail);
  const file = contract.fileKey ? await deps.platform.storage.get(contract.fileKey) : null;
  if (!file) throw conflict(CONTRACT_MESSAGES.noPdf);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);

  const documentId = await upstream(() =>
    provider.requestSignature({
      filename: contractFileName(budget.title),
      pdf: Buffer.concat(chunks),
      signers: [{ email: budget.client.email as string, name: budget.client.name }],
      callbackUrl: `${deps.config.appUrl}${SIGNATURE_CALLBACK_PATH}`,
      message: `${budget.company.name} enviou o contrato da viagem "${budget.title}" para a sua assinatura.`,
    }),
  );
  const now = new Date();
  const recorded = await deps.db.contract.updateMany({
    where: { ...contractWhere(companyId, id), signatureDocumentId: null, status: { in: ['generated', 'sent'] } },
    data: { signatureDocumentId: documentId, signatureRequestedAt: now, status: 'sent', sentAt: now },
  });
  if (recorded.count === 0) {
    // Changed meanwhile (cancelled, signed, or sent twice at once): the provider's copy is withdrawn,
    // at best (a copy left there can never reach this contract: the callback matches by its id).
    await provider.cancel(documentId).catch(() => undefined);
    throw conflict(CONTRACT_MESSAGES.signatureAlreadyRequested);
  }
  return getContract(deps, companyId, id);
}

/** The callback's fields this API reads (D4Sign posts uuid, type_post, message as a form). */
const callbackSchema = z.looseObject({ uuid: z.string().trim().min(1).max(100) });

function callbackFields(raw: Buffer, contentType: string | undefined): unknown {
  const text = raw.toString('utf8');
  if (/^application\/json\b/i.test(contentType ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export type CallbackOutcome = 'signed' | 'ignored';

/**
 * POST /api/contracts/signature-callback: verified with the HMAC of the raw body (400 otherwise,
 * nothing read). When the provider says the document is signed, its signed PDF is stored and the
 * contract becomes signed. Idempotent: a repeated callback, or one for a contract cancelled, signed
 * or unknown here, is acknowledged and ignored (so the provider stops retrying); a provider that
 * fails answers 502 and the provider's retry does the work.
 */
export async function receiveSignatureCallback(
  deps: Deps,
  raw: Buffer,
  headers: { hmac: string | undefined; contentType: string | undefined },
  provider: SignatureProvider | null = signatureProviderFrom(deps.config),
): Promise<CallbackOutcome> {
  if (!provider?.verifyCallback(raw, headers.hmac)) throw new AppError('BAD_REQUEST', { message: CONTRACT_MESSAGES.callbackInvalid });
  const parsed = callbackSchema.safeParse(callbackFields(raw, headers.contentType));
  if (!parsed.success) throw new AppError('VALIDATION', { errors: { uuid: ['não é válido'] } });
  const documentId = parsed.data.uuid;
  const contract = await deps.db.contract.findFirst({
    where: contractBySignatureWhere(documentId),
    select: { id: true, companyId: true, status: true, signedFileKey: true, budget: { select: { title: true } } },
  });
  if (!contract || contract.status === 'cancelled' || contract.status === 'signed') return 'ignored';
  if ((await upstream(() => provider.status(documentId))) !== 'signed') return 'ignored';
  const pdf = await upstream(() => provider.downloadSigned(documentId));
  const key = `contracts/${contract.companyId}/${randomUUID()}.pdf`;
  await deps.platform.storage.put(key, pdf);
  const stored = await deps.db.contract
    .updateMany({
      where: { id: contract.id, signatureDocumentId: documentId, status: { notIn: ['cancelled', 'signed'] } },
      data: {
        status: 'signed',
        signedAt: new Date(),
        signedFileKey: key,
        signedFilename: contractFileName(`${contract.budget.title} (assinado)`),
        signedSize: pdf.length,
      },
    })
    .catch(async (error: unknown) => {
      await deps.platform.storage.delete(key);
      throw error;
    });
  if (stored.count === 0) {
    await deps.platform.storage.delete(key);
    return 'ignored';
  }
  // The provider's signed copy replaces one the agent uploaded meanwhile.
  if (contract.signedFileKey) await deps.platform.storage.delete(contract.signedFileKey);
  return 'signed';
}
