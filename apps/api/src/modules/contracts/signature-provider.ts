// The port to an electronic-signature service (the d4sign feature): what the contracts ask of it,
// free of any provider's wire format. The HTTP adapter (d4sign.provider.ts) is the one
// implementation; config.ts decides whether there is one at all.

export type SignatureRequest = {
  /** The file name the signers see. */
  filename: string;
  pdf: Buffer;
  signers: { email: string; name: string }[];
  /** Where the provider posts its signed callback. */
  callbackUrl: string;
  message: string;
};

/** Where a document stands at the provider. */
export type SignatureStatus = 'pending' | 'signed' | 'cancelled';

export interface SignatureProvider {
  /** Uploads the PDF, registers the signers and the callback, and sends it for signature: the provider's document id. */
  requestSignature(request: SignatureRequest): Promise<string>;
  status(documentId: string): Promise<SignatureStatus>;
  /** The signed PDF (with the provider's signature page). */
  downloadSigned(documentId: string): Promise<Buffer>;
  /** Withdraws a document not signed yet; one the provider does not know has nothing to withdraw. */
  cancel(documentId: string): Promise<void>;
  /** Whether a callback's body carries the provider's HMAC (`header`: its Content-Hmac header). */
  verifyCallback(rawBody: Buffer, header: string | undefined): boolean;
}

/**
 * Why the provider could not do it: it took longer than the timeout, it does not know the document
 * (404), it failed (network, other 4xx/5xx, token refused), or what it sent is not the protocol's
 * answer. `message` is for the log only.
 */
export class SignatureProviderError extends Error {
  override readonly name = 'SignatureProviderError';
  constructor(
    readonly reason: 'timeout' | 'not_found' | 'failed' | 'bad_answer',
    detail: string,
  ) {
    super(`signature provider ${reason}: ${detail}`);
  }
}
