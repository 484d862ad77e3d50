// Where a failed call's error shows: the data layer run for real, against a fake server at the
// fetch boundary (tRPC's own wire format).
import { MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markShownByForm } from './api-error';
import { canRetry, notificationStore } from './notification';
import { createDataLayer } from './query-client';

const CPF_TAKEN = { status: 400, code: 'VALIDATION', message: 'x', errors: { cpf: ['has already been taken'] } };
const CONFLICT = { status: 409, code: 'CONFLICT', message: 'Solicitação conflitante' };

/** Every call answers this error body with its status. */
function failWith(body: { status: number }) {
  vi.stubGlobal('fetch', async () => Response.json({ error: { message: 'x', code: -32000, data: body } }, { status: body.status }));
}

/** A client's creation, as a form's mutation runs it; `onError` is the form's. */
async function createClient(onError?: (error: unknown) => void) {
  const { queryClient, trpc } = createDataLayer();
  const observer = new MutationObserver(queryClient, trpc.clients.create.mutationOptions({ onError }));
  await observer.mutate({ kind: 'person', name: 'Ana Souza' }).catch(() => undefined);
  // The bar waits for the form's own handler (a task later).
  await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: { getItem: () => null }, location: { pathname: '/clientes' } });
  notificationStore.set({ state: false, error: null, message: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a failed mutation', () => {
  it('a field error a form showed stays on the form: no bar', async () => {
    failWith(CPF_TAKEN);
    await createClient(markShownByForm);
    expect(notificationStore.get().state).toBe(false);
  });

  it('the same error without a form to show it: the bar, with the field named in pt-BR', async () => {
    failWith(CPF_TAKEN);
    await createClient();
    expect(notificationStore.get()).toMatchObject({ state: true, error: 400, message: 'CPF já está em uso' });
  });

  it('an error with no field: the bar, even from a form', async () => {
    failWith(CONFLICT);
    // A form shows nothing of an error without fields, so it does not mark it.
    await createClient(() => undefined);
    expect(notificationStore.get()).toMatchObject({ state: true, error: 409, message: 'Solicitação conflitante' });
  });
});

describe("'Tentar novamente'", () => {
  it('only where trying again can help: a network or server failure, a timeout, a rate limit', () => {
    for (const code of [500, 502, 503, 408, 429]) expect(canRetry(code)).toBe(true);
    for (const code of [200, 400, 402, 403, 404, 409, 413, 415, 422]) expect(canRetry(code)).toBe(false);
  });

  it('not for a service this server is not configured for: its 503 will not change by trying again', async () => {
    failWith({ status: 503, code: 'NOT_CONFIGURED', message: 'A assinatura eletrônica não está configurada neste servidor.' } as {
      status: number;
    });
    await createClient();
    expect(notificationStore.get()).toMatchObject({ state: true, error: 503, retryable: false });
    failWith({ status: 503, code: 'INTERNAL', message: 'Serviço indisponível' } as { status: number });
    await createClient();
    expect(notificationStore.get()).toMatchObject({ state: true, error: 503, retryable: true });
  });
});
