import { describe, expect, it } from 'vitest';
import { type EventStreamMessage, editingPresenceText, eventStreamReader } from './events';

describe('eventStreamReader', () => {
  const stream =
    ': conectado\n\n' +
    'id: a1b2-7\nevent: change\ndata: {"kind":"client","id":2,"op":"UPDATE"}\n\n' +
    'event: presence\r\ndata: {"budget_id":3}\r\n\r\n' +
    'data: uma\ndata:duas\n\n' +
    'id: a1b2-8\nevent: reset\ndata: {}\n\n' +
    'event: sem-dados\n\n' +
    ': ping\n\n';
  const expected: EventStreamMessage[] = [
    { id: 'a1b2-7', event: 'change', data: '{"kind":"client","id":2,"op":"UPDATE"}' },
    { event: 'presence', data: '{"budget_id":3}' },
    { event: 'message', data: 'uma\nduas' },
    { id: 'a1b2-8', event: 'reset', data: '{}' },
  ];

  const read = (pieces: string[]) => {
    const messages: EventStreamMessage[] = [];
    const reader = eventStreamReader((m) => messages.push(m));
    for (const piece of pieces) reader.push(piece);
    return messages;
  };

  it('reads every message, skipping comments and messages without data', () => {
    expect(read([stream])).toEqual(expected);
  });

  it('reads the same however the text is cut', () => {
    for (let a = 0; a <= stream.length; a++)
      for (let b = a; b <= stream.length; b += 7) {
        expect(read([stream.slice(0, a), stream.slice(a, b), stream.slice(b)]), `cut at ${a} and ${b}`).toEqual(expected);
      }
  });

  it('keeps a message still arriving until its blank line', () => {
    expect(read(['event: change\ndata: {}\n'])).toEqual([]);
  });
});

describe('editingPresenceText', () => {
  it('names the agents editing the budget', () => {
    expect(editingPresenceText([])).toBeNull();
    expect(editingPresenceText(['Ana'])).toBe('Ana está editando este orçamento');
    expect(editingPresenceText(['Ana', 'Bruno'])).toBe('Ana e Bruno estão editando este orçamento');
    expect(editingPresenceText(['Ana', 'Bruno', 'Carla'])).toBe('Ana, Bruno e Carla estão editando este orçamento');
  });
});
