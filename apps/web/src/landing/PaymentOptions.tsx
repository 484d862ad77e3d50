/** @jsxImportSource preact */
// How the chosen proposal can be paid: each of the agency's methods with its installments; Pix with
// its key, the BR Code (copia e cola) and its QR code, drawn only when the Pix option is opened.
import { toCurrency } from '@app/shared/format';
import type { LandingPaymentOption } from '@app/shared/landing-pages';
import { useEffect, useState } from 'preact/hooks';

/** The clipboard API needs a secure context; elsewhere the text is selected and copied the old way. */
async function copyText(text: string, fallback: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallback) return false;
    const range = document.createRange();
    range.selectNodeContents(fallback);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return document.execCommand('copy');
  }
}

function PixQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // uqr is its own chunk: only a customer who opens the Pix option downloads it.
    import('uqr').then(({ renderSVG }) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(code, { border: 2 }))}`);
    });
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <div class="lp-qr">
      {src ? (
        <img src={src} width={200} height={200} alt="QR Code Pix para pagar a proposta" />
      ) : (
        <div class="lp-qr-wait" aria-hidden="true" />
      )}
    </div>
  );
}

function Pix({ pix }: { pix: NonNullable<LandingPaymentOption['pix']> }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const [codeEl, setCodeEl] = useState<HTMLElement | null>(null);
  return (
    <div class="lp-pix">
      <p>
        Valor no Pix: <strong>{toCurrency(pix.amount_cents)}</strong>
      </p>
      <p>
        Chave Pix: <strong class="lp-break">{pix.key}</strong>
      </p>
      <PixQr code={pix.br_code} />
      <p class="lp-label">Pix copia e cola</p>
      <p class="lp-code" ref={setCodeEl} data-testid="pix-br-code">
        {pix.br_code}
      </p>
      <button type="button" class="lp-button lp-button--ghost" onClick={async () => setCopied(await copyText(pix.br_code, codeEl))}>
        {copied ? 'Código copiado!' : 'Copiar código Pix'}
      </button>
      <p class="lp-sr" role="status">
        {copied ? 'Código Pix copiado.' : copied === false ? 'Selecione o código e copie.' : ''}
      </p>
    </div>
  );
}

/** The short line under the method's name: its best offer. */
function summary(option: LandingPaymentOption, currency: string): string {
  if (option.pix) return `${toCurrency(option.pix.amount_cents)} à vista`;
  const most = option.installments.at(-1);
  if (!most) return '';
  if (most.count === 1) return `${toCurrency(most.total_cents, currency)} à vista`;
  const free = option.installments.filter((i) => i.interest_free).at(-1);
  return free && free.count > 1 ? `em até ${free.count}x sem juros` : `em até ${most.count}x`;
}

function PaymentOption({ option, currency }: { option: LandingPaymentOption; currency: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="lp-pay" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <span class="lp-pay-name">{option.name}</span>
        <span class="lp-muted">{summary(option, currency)}</span>
      </summary>
      {open && (
        <div class="lp-pay-body">
          {option.instructions && <p class="lp-description">{option.instructions}</p>}
          {option.pix ? (
            <Pix pix={option.pix} />
          ) : (
            option.installments.length > 1 && (
              <ul class="lp-installments">
                {option.installments.map((i) => (
                  <li key={i.count}>{i.label}</li>
                ))}
              </ul>
            )
          )}
        </div>
      )}
    </details>
  );
}

export function PaymentOptions({ options, currency }: { options: LandingPaymentOption[]; currency: string }) {
  if (!options.length) return null;
  return (
    <section class="lp-section" aria-labelledby="payment-title">
      <h3 id="payment-title">Formas de pagamento</h3>
      {options.map((option) => (
        <PaymentOption key={option.payment_method_id} option={option} currency={currency} />
      ))}
    </section>
  );
}
