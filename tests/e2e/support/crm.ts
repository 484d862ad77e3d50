// Data for the CRM journeys: valid CPFs, a real PNG made in memory, clients and attendances
// created through the API (so a test starts from exactly what it needs).
import { randomInt, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect } from '@playwright/test';

/** A random CPF with correct check digits, as digits ('52998224725'). */
export function validCpf(): string {
  const check = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  let base: number[];
  do base = Array.from({ length: 9 }, () => randomInt(10));
  while (new Set(base).size === 1);
  const first = check(base);
  return [...base, first, check([...base, first])].join('');
}

/** '52998224725' -> '529.982.247-25' */
export const maskCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

/** A distinct name per call, so searches find only this test's rows. */
export const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** A solid-colour RGB PNG of `size`×`size` pixels, built byte by byte. */
export function pngImage(size = 16, rgb: [number, number, number] = [30, 120, 220]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function apiCreateClient(
  request: APIRequestContext,
  token: string,
  fields: { name: string; cpf?: string },
): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/clients', { headers: auth(token), data: { kind: 'person', ...fields } });
  expect(res.ok(), `create client: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { id: number; name: string };
}

export async function apiCreateAttendance(
  request: APIRequestContext,
  token: string,
  fields: {
    client_id: number;
    title: string;
    value_cents?: number;
    destination?: string;
    start_date?: string;
    end_date?: string;
    adults?: number;
    children?: number;
    infants?: number;
  },
): Promise<{ id: number }> {
  const res = await request.post('/api/attendances', { headers: auth(token), data: fields });
  expect(res.ok(), `create attendance: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { id: number };
}

export async function apiMarkLost(request: APIRequestContext, token: string, id: number): Promise<void> {
  const res = await request.put(`/api/attendances/lost/${id}`, { headers: auth(token), data: {} });
  expect(res.ok(), `mark lost: ${res.status()} ${await res.text()}`).toBeTruthy();
}

export type ApiConsolidated = {
  notes: string | null;
  file: { filename: string; content_type: string; size: number; url: string } | null;
  updated_at: string | null;
};

/** GET /api/attendances/consolidated/{id}: what the consolidated section shows. */
export async function apiConsolidated(request: APIRequestContext, token: string, id: number): Promise<ApiConsolidated> {
  const res = await request.get(`/api/attendances/consolidated/${id}`, { headers: auth(token) });
  expect(res.ok(), `consolidated: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as ApiConsolidated;
}

/** GET /api/attendances/{id}/logs: how many history entries the attendance has. */
export async function apiLogCount(request: APIRequestContext, token: string, id: number): Promise<number> {
  const res = await request.get(`/api/attendances/${id}/logs`, { headers: auth(token) });
  expect(res.ok(), `logs: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { pagination: { total_count: number } }).pagination.total_count;
}

export type ApiClientLists = {
  contacts: { name: string; relationship: string | null; phone: string | null; email: string | null }[];
  documents: { type: string; number: string; country: string | null; issued_at: string | null; expires_at: string | null }[];
};

/** GET /api/clients/{id}: the contacts and documents as stored (without their ids). */
export async function apiClientLists(request: APIRequestContext, token: string, id: number): Promise<ApiClientLists> {
  const res = await request.get(`/api/clients/${id}`, { headers: auth(token) });
  expect(res.ok(), `client: ${res.status()} ${await res.text()}`).toBeTruthy();
  type WithId<T> = T & { id: number };
  const body = (await res.json()) as {
    contacts: WithId<ApiClientLists['contacts'][number]>[];
    documents: WithId<ApiClientLists['documents'][number]>[];
  };
  return { contacts: body.contacts.map(({ id: _id, ...c }) => c), documents: body.documents.map(({ id: _id, ...d }) => d) };
}
