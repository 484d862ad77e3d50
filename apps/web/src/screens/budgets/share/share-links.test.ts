import { dateTime } from '@app/shared/format';
import { describe, expect, it } from 'vitest';
import { deviceOf, landingPageUrl, shareMessage, visitsText, whatsappNumber, whatsappUrl } from './share-links';

const ID = '0f8c2a8e-4b7d-4c55-9d1e-3a2b1c0d9e8f';

describe('share links', () => {
  it('builds the landing page address on this host', () => {
    expect(landingPageUrl('https://demo.example.com', ID)).toBe(`https://demo.example.com/landing-page/${ID}`);
  });

  it('takes Brazilian phones with or without the country code, else none', () => {
    expect(whatsappNumber('(11) 91234-5678')).toBe('5511912345678');
    expect(whatsappNumber('11 3333-4444')).toBe('551133334444');
    expect(whatsappNumber('+55 21 98888-7777')).toBe('5521988887777');
    expect(whatsappNumber('011 91234-5678')).toBe('5511912345678');
    expect(whatsappNumber('1234')).toBeNull();
    expect(whatsappNumber(null)).toBeNull();
  });

  it('writes the pt-BR message with the first name and the link, encoded in wa.me', () => {
    const url = landingPageUrl('https://app.test', ID);
    const message = shareMessage('Helena Prado', 'Lua de mel em Lisboa', url);
    expect(message).toBe(
      `Olá, Helena! Preparamos o seu orçamento "Lua de mel em Lisboa". Veja as propostas e escolha a sua por aqui: ${url}`,
    );
    expect(shareMessage(null, 'Viagem', url)).toMatch(/^Olá! /);
    expect(whatsappUrl('(11) 91234-5678', message)).toBe(`https://wa.me/5511912345678?text=${encodeURIComponent(message)}`);
    expect(whatsappUrl(null, 'Oi & tchau')).toBe('https://wa.me/?text=Oi%20%26%20tchau');
  });

  it('names the browser and system of a user agent', () => {
    expect(
      deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'),
    ).toBe('Chrome no Android');
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari no iPhone');
    expect(
      deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0'),
    ).toBe('Edge no Windows');
    expect(deviceOf('curl/8.0')).toBeNull();
    expect(deviceOf(null)).toBeNull();
  });

  it('says the visits, from how many visitors, and the last one', () => {
    const last = '2026-11-27T17:03:00.000Z';
    expect(visitsText({ count: 0, unique_visitors: 0, last_viewed_at: null })).toBe('Nenhuma visita ainda.');
    expect(visitsText({ count: 1, unique_visitors: 1, last_viewed_at: last })).toBe(
      `1 visita de 1 visitante · última em ${dateTime(last)}`,
    );
    expect(visitsText({ count: 12, unique_visitors: 3, last_viewed_at: last })).toBe(
      `12 visitas de 3 visitantes · última em ${dateTime(last)}`,
    );
    // Only views from before visits were counted: no visitor to name.
    expect(visitsText({ count: 4, unique_visitors: 0, last_viewed_at: last })).toBe(`4 visitas · última em ${dateTime(last)}`);
  });
});
