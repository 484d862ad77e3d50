import { UNSUBSCRIBE_FOOTER } from '@app/shared';
import { Body, Button, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** Who a mail speaks for: the agency (to its customers) or the product (to the agencies' staff). */
export type EmailBrand = {
  name: string;
  /** An absolute URL (mail clients load it from the web). */
  logoUrl?: string | null;
  /** Contact lines for the footer (e-mail, phone, site...). */
  contact?: string[];
};

export type EmailLayoutProps = {
  brand: EmailBrand;
  /** The line mail clients show next to the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** The one call to action; a mail whose body lists several links (the vouchers) has none. */
  action?: { label: string; href: string };
  /** Small print under the button (validity of a link, what to do if the mail was not expected). */
  footnote?: ReactNode;
  /** The mails to an agency's clients: the signed link that withdraws their consent (LGPD), in the footer. */
  unsubscribeUrl?: string;
};

const colors = { brand: '#1c5d99', text: '#1f2933', muted: '#616e7c', border: '#e4e7eb', page: '#f5f7fa' };
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Paragraph of a mail's body. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 16px' }}>{children}</Text>;
}

/** Muted block (the agent's own message, quoted). */
export function Quote({ children }: { children: ReactNode }) {
  return (
    <Text
      style={{
        fontSize: '15px',
        lineHeight: '22px',
        color: colors.text,
        margin: '0 0 16px',
        padding: '12px 16px',
        borderLeft: `4px solid ${colors.brand}`,
        background: colors.page,
        whiteSpace: 'pre-line',
      }}
    >
      {children}
    </Text>
  );
}

/**
 * One layout for every mail: the brand (logo or name) on top, the text, one clear button, the
 * brand's contact in the footer. A single 600 px column that shrinks on phones (max-width).
 */
export function EmailLayout({ brand, preview, heading, children, action, footnote, unsubscribeUrl }: EmailLayoutProps) {
  return (
    <Html lang="pt-BR">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ background: colors.page, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container
          style={{ maxWidth: '600px', width: '100%', background: '#ffffff', borderRadius: '8px', border: `1px solid ${colors.border}` }}
        >
          <Section style={{ padding: '24px 32px 8px' }}>
            {brand.logoUrl ? (
              <Img src={brand.logoUrl} alt={brand.name} height="48" style={{ maxHeight: '48px', width: 'auto' }} />
            ) : (
              <Text style={{ fontSize: '20px', fontWeight: 700, color: colors.brand, margin: 0 }}>{brand.name}</Text>
            )}
          </Section>
          <Section style={{ padding: '8px 32px 16px' }}>
            <Text style={{ fontSize: '22px', lineHeight: '30px', fontWeight: 700, color: colors.text, margin: '0 0 16px' }}>{heading}</Text>
            {children}
            {action ? (
              <>
                <Section style={{ textAlign: 'center', padding: '8px 0 16px' }}>
                  <Button
                    href={action.href}
                    style={{
                      background: colors.brand,
                      color: '#ffffff',
                      fontSize: '16px',
                      fontWeight: 700,
                      borderRadius: '6px',
                      padding: '14px 28px',
                      textDecoration: 'none',
                      display: 'inline-block',
                    }}
                  >
                    {action.label}
                  </Button>
                </Section>
                <Text style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 8px', wordBreak: 'break-all' }}>
                  Se o botão não abrir, copie este endereço no navegador: <Link href={action.href}>{action.href}</Link>
                </Text>
              </>
            ) : null}
            {footnote ? (
              <Text style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 8px' }}>{footnote}</Text>
            ) : null}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: 0 }} />
          <Section style={{ padding: '16px 32px 24px' }}>
            <Text style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: 0, fontWeight: 700 }}>{brand.name}</Text>
            {(brand.contact ?? []).map((line) => (
              <Text key={line} style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: 0 }}>
                {line}
              </Text>
            ))}
            {unsubscribeUrl ? (
              <Text style={{ fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: '12px 0 0', wordBreak: 'break-all' }}>
                {UNSUBSCRIBE_FOOTER} <Link href={unsubscribeUrl}>{unsubscribeUrl}</Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
