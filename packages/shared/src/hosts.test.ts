import { describe, expect, it } from 'vitest';
import { type AppHosts, homeOrigin, hostRedirect, subdomainOf, subdomainOrigin } from './hosts';

const prod: AppHosts = { appOrigin: 'https://agenciacrm.com.br', baseDomain: 'agenciacrm.com.br' };
const local: AppHosts = { appOrigin: 'http://agencia.test:3432', baseDomain: 'agencia.test' };
const dev: AppHosts = { appOrigin: 'http://localhost:3000', baseDomain: null };

const withFeature = { subdomain: 'demo', customSubdomain: true };
const withoutFeature = { subdomain: 'demo', customSubdomain: false };
const noSubdomain = { subdomain: null, customSubdomain: true };

describe('subdomain origins', () => {
  it("take the main host's scheme and port", () => {
    expect(subdomainOrigin(prod, 'demo')).toBe('https://demo.agenciacrm.com.br');
    expect(subdomainOrigin(local, 'demo')).toBe('http://demo.agencia.test:3432');
    expect(subdomainOrigin(dev, 'demo')).toBeNull();
    expect(subdomainOrigin(prod, 'a.b')).toBeNull();
  });

  it('recognise one label under the base domain, never a lookalike', () => {
    expect(subdomainOf(prod, 'https://demo.agenciacrm.com.br')).toBe('demo');
    expect(subdomainOf(local, 'http://minha-agencia.agencia.test:3432')).toBe('minha-agencia');
    for (const origin of [
      'https://agenciacrm.com.br',
      'https://evil-agenciacrm.com.br',
      'https://evilagenciacrm.com.br',
      'https://demo.agenciacrm.com.br.evil.com',
      'https://a.b.agenciacrm.com.br',
      'http://demo.agenciacrm.com.br',
      'https://demo.agenciacrm.com.br:8443',
      'https://demo.agenciacrm.com.br/path',
      'https://user@demo.agenciacrm.com.br',
      'https://-x.agenciacrm.com.br',
      'null',
      '',
    ]) {
      expect(subdomainOf(prod, origin), origin).toBeNull();
    }
    expect(subdomainOf(local, 'http://demo.agencia.test:3433')).toBeNull();
    expect(subdomainOf(dev, 'http://demo.localhost:3000')).toBeNull();
  });
});

describe('where a signed-in user is served', () => {
  it('their subdomain with the custom_subdomain feature, else the main host', () => {
    expect(homeOrigin(prod, withFeature)).toBe('https://demo.agenciacrm.com.br');
    expect(homeOrigin(prod, withoutFeature)).toBe('https://agenciacrm.com.br');
    expect(homeOrigin(prod, noSubdomain)).toBe('https://agenciacrm.com.br');
  });
});

describe('host redirects (spec section 2, production)', () => {
  it('without a base domain nothing redirects', () => {
    expect(hostRedirect(dev, 'http://localhost:3000', null)).toBeNull();
    expect(hostRedirect(dev, 'http://localhost:3000', withFeature)).toBeNull();
    expect(hostRedirect({ ...prod, baseDomain: null }, 'https://demo.agenciacrm.com.br', null)).toBeNull();
  });

  it('signed out: a subdomain goes to the main host; the main host stays', () => {
    expect(hostRedirect(prod, 'https://demo.agenciacrm.com.br', null)).toBe('https://agenciacrm.com.br');
    expect(hostRedirect(local, 'http://outra.agencia.test:3432', null)).toBe('http://agencia.test:3432');
    expect(hostRedirect(prod, 'https://agenciacrm.com.br', null)).toBeNull();
  });

  it('signed in with a stored subdomain and the feature: to the subdomain, from anywhere in the domain', () => {
    expect(hostRedirect(prod, 'https://agenciacrm.com.br', withFeature)).toBe('https://demo.agenciacrm.com.br');
    expect(hostRedirect(prod, 'https://outra.agenciacrm.com.br', withFeature)).toBe('https://demo.agenciacrm.com.br');
    expect(hostRedirect(prod, 'https://demo.agenciacrm.com.br', withFeature)).toBeNull();
  });

  it('signed in without the feature, or without a stored subdomain: to the main host', () => {
    expect(hostRedirect(prod, 'https://demo.agenciacrm.com.br', withoutFeature)).toBe('https://agenciacrm.com.br');
    expect(hostRedirect(prod, 'https://agenciacrm.com.br', withoutFeature)).toBeNull();
    expect(hostRedirect(prod, 'https://demo.agenciacrm.com.br', noSubdomain)).toBe('https://agenciacrm.com.br');
    expect(hostRedirect(prod, 'https://agenciacrm.com.br', noSubdomain)).toBeNull();
  });

  it('a host outside the domain (an address, an extra CORS origin) is left alone', () => {
    expect(hostRedirect(prod, 'http://10.0.0.5:3000', null)).toBeNull();
    expect(hostRedirect(prod, 'https://evil-agenciacrm.com.br', withFeature)).toBeNull();
    expect(hostRedirect(prod, 'https://demo.agenciacrm.com.br.evil.com', null)).toBeNull();
  });

  it('the main host may itself sit under the base domain', () => {
    const app: AppHosts = { appOrigin: 'https://app.agenciacrm.com.br', baseDomain: 'agenciacrm.com.br' };
    expect(hostRedirect(app, 'https://app.agenciacrm.com.br', null)).toBeNull();
    expect(hostRedirect(app, 'https://demo.agenciacrm.com.br', null)).toBe('https://app.agenciacrm.com.br');
    expect(hostRedirect(app, 'https://app.agenciacrm.com.br', withFeature)).toBe('https://demo.agenciacrm.com.br');
  });
});
