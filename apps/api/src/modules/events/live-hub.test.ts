import { type EventStreamMessage, eventStreamReader } from '@app/shared/events';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_LIMITS, LiveHub, type LiveStream, PRESENCE_CHANNEL, RECORD_CHANNEL } from './live-hub';

/** A stream as the transport hands it over, keeping what it was sent; `unread` bytes the client left. */
function fakeStream(companyId: number, userId = companyId * 10) {
  const messages: EventStreamMessage[] = [];
  const reader = eventStreamReader((m) => messages.push(m));
  const stream = {
    companyId,
    userId,
    text: '',
    unread: 0,
    ended: false,
    destroyed: false,
    buffered: () => stream.unread,
    write(text: string) {
      stream.text += text;
      reader.push(text);
    },
    end() {
      stream.ended = true;
    },
    destroy() {
      stream.destroyed = true;
    },
  };
  return Object.assign(stream, { messages, changes: () => messages.filter((m) => m.event === 'change').map((m) => JSON.parse(m.data)) });
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const change = (c: number, t: string, id: number, op = 'UPDATE', b?: number) =>
  JSON.stringify({ c, t, id, op, ...(b === undefined ? {} : { b }) });

const hubs: LiveHub[] = [];
function hub(limits: Partial<typeof LIVE_LIMITS> = {}, onDrop?: (s: LiveStream) => void) {
  const h = new LiveHub({ ...LIVE_LIMITS, ...limits }, onDrop);
  hubs.push(h);
  return h;
}
afterEach(() => {
  for (const h of hubs.splice(0)) h.close();
});

describe('LiveHub', () => {
  it("sends each change to the streams of its agency only, numbered, with the budget of a budget's row", async () => {
    const h = hub();
    const [a1, a2, b] = [fakeStream(1), fakeStream(1, 11), fakeStream(2)];
    for (const s of [a1, a2, b]) h.attach(s);
    h.handle(RECORD_CHANNEL, change(1, 'client', 5, 'INSERT'));
    h.handle(RECORD_CHANNEL, change(2, 'task', 6));
    h.handle(RECORD_CHANNEL, change(1, 'service', 7, 'DELETE', 3));
    await turn();
    for (const s of [a1, a2])
      expect(s.changes()).toEqual([
        { kind: 'client', id: 5, op: 'INSERT' },
        { kind: 'service', id: 7, op: 'DELETE', budget_id: 3 },
      ]);
    expect(b.changes()).toEqual([{ kind: 'task', id: 6, op: 'UPDATE' }]);
    expect(a1.messages.map((m) => m.id)).toEqual([`${h.epoch}-0`, `${h.epoch}-1`, `${h.epoch}-3`]);
  });

  it('sends presence to the agency only, without an id; ignores what it cannot read', async () => {
    const h = hub();
    const [a, b] = [fakeStream(1), fakeStream(2)];
    h.attach(a);
    h.attach(b);
    h.handle(PRESENCE_CHANNEL, JSON.stringify({ c: 1, b: 9, u: 3, n: 'Ana', s: 'editing' }));
    for (const junk of [
      '',
      'não é JSON',
      '{"c":1}',
      change(1, 'planeta', 1),
      JSON.stringify({ c: 1, b: 9, u: 3, n: 'Ana', s: 'dormindo' }),
    ]) {
      h.handle(RECORD_CHANNEL, junk);
      h.handle(PRESENCE_CHANNEL, junk);
    }
    await turn();
    expect(a.messages.slice(1)).toEqual([
      { event: 'presence', data: JSON.stringify({ budget_id: 9, user: { id: 3, name: 'Ana' }, state: 'editing' }) },
    ]);
    expect(b.messages.slice(1)).toEqual([]);
  });

  it('replays what a reconnection missed, of its agency only; an unknown, future or too old id gets reset', async () => {
    const h = hub({ ringSize: 5 });
    const first = fakeStream(1);
    h.attach(first);
    const from = first.messages[0]?.id as string;
    h.handle(RECORD_CHANNEL, change(1, 'client', 1));
    h.handle(RECORD_CHANNEL, change(2, 'client', 2));
    h.handle(RECORD_CHANNEL, change(1, 'client', 3));
    const again = fakeStream(1);
    h.attach(again, from);
    expect(again.messages.map((m) => m.event)).toEqual(['change', 'change', 'ready']);
    expect(again.changes().map((c) => c.id)).toEqual([1, 3]);
    expect(again.messages.at(-1)?.id).toBe(`${h.epoch}-3`);

    for (const id of ['00000000-1', 'lixo', `${h.epoch}-99`, `${h.epoch}-x`]) {
      const other = fakeStream(1);
      h.attach(other, id);
      expect(other.messages).toEqual([{ event: 'reset', data: '{}', id: `${h.epoch}-3` }]);
    }
    // Five changes kept: from 0, changes 1 and 2 are gone.
    for (let i = 4; i <= 7; i++) h.handle(RECORD_CHANNEL, change(1, 'client', i));
    const late = fakeStream(1);
    h.attach(late, from);
    expect(late.messages[0]?.event).toBe('reset');
    const recent = fakeStream(1);
    h.attach(recent, `${h.epoch}-3`);
    expect(recent.changes().map((c) => c.id)).toEqual([4, 5, 6, 7]);
  });

  it('after the listening connection is lost, every stream gets reset and older ids can no longer resume', async () => {
    const h = hub();
    const [a, b] = [fakeStream(1), fakeStream(2)];
    h.attach(a);
    h.attach(b);
    h.handle(RECORD_CHANNEL, change(1, 'client', 1));
    await turn();
    const before = a.messages.at(-1)?.id as string;
    h.reset();
    await turn();
    for (const s of [a, b]) expect(s.messages.at(-1)?.event).toBe('reset');
    const back = fakeStream(1);
    h.attach(back, before);
    expect(back.messages[0]?.event).toBe('reset');
    h.handle(RECORD_CHANNEL, change(1, 'client', 2));
    const resumed = fakeStream(1);
    h.attach(resumed, a.messages.at(-1)?.id);
    expect(resumed.changes().map((c) => c.id)).toEqual([2]);
  });

  it('a burst past the per-stream backlog becomes one reset; what follows flows again', async () => {
    const h = hub({ maxPending: 3 });
    const s = fakeStream(1);
    h.attach(s);
    for (let i = 1; i <= 5; i++) h.handle(RECORD_CHANNEL, change(1, 'client', i));
    await turn();
    expect(s.messages.slice(1).map((m) => m.event)).toEqual(['reset']);
    h.handle(RECORD_CHANNEL, change(1, 'client', 6));
    await turn();
    expect(s.changes().map((c) => c.id)).toEqual([6]);
  });

  it('drops a stream whose client left too much unread, at its next write; the others go on', async () => {
    const dropped: LiveStream[] = [];
    const h = hub({ maxBufferedBytes: 100 }, (stream) => dropped.push(stream));
    const [slow, fast] = [fakeStream(1), fakeStream(1)];
    h.attach(slow);
    h.attach(fast);
    slow.unread = 101;
    h.handle(RECORD_CHANNEL, change(1, 'client', 1));
    await turn();
    expect(slow.destroyed).toBe(true);
    expect(dropped).toEqual([slow]);
    h.handle(RECORD_CHANNEL, change(1, 'client', 2));
    await turn();
    expect(slow.changes()).toEqual([]);
    expect(fast.changes().map((c) => c.id)).toEqual([1, 2]);
    expect(h.streams).toBe(1);
  });

  it('writes a heartbeat comment to every stream', async () => {
    const h = hub({ heartbeatMs: 20 });
    const s = fakeStream(1);
    h.attach(s);
    await expect.poll(() => s.text.includes(': ping\n\n')).toBe(true);
  });

  it('ends the streams of a user (u:), an agency (c:) or everyone (*) whose session changed', () => {
    const h = hub();
    const [ana, bruno, other] = [fakeStream(1, 1), fakeStream(1, 2), fakeStream(2, 3)];
    for (const s of [ana, bruno, other]) h.attach(s);
    h.handle('session_changes', 'u:1');
    expect([ana.ended, bruno.ended, other.ended]).toEqual([true, false, false]);
    h.handle('session_changes', 'c:2');
    expect([bruno.ended, other.ended]).toEqual([false, true]);
    h.handle('session_changes', '*');
    expect(bruno.ended).toBe(true);
    expect(h.streams).toBe(0);
  });

  it('on close ends every stream, and ends at once any opened later', () => {
    const h = hub();
    const s = fakeStream(1);
    h.attach(s);
    h.close();
    expect(s.ended).toBe(true);
    const late = fakeStream(1);
    h.attach(late);
    expect(late).toMatchObject({ ended: true, text: '' });
  });
});
