import { describe, expect, it } from 'vitest';
import { NotificationFilter } from './notifications';

/** A backend message: type byte, int32 length (counting itself), body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const cstring = (text: string) => Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);

function notification(channel: string, payload: string): Buffer {
  const pid = Buffer.alloc(4);
  pid.writeInt32BE(42);
  return message('A', Buffer.concat([pid, cstring(channel), cstring(payload)]));
}

const complete = message('C', cstring('INSERT 0 1'));
const row = message('D', Buffer.from([0, 1, 0, 0, 0, 3, 0x61, 0x62, 0x63]));
const noData = message('n', Buffer.alloc(0));
const ready = message('Z', Buffer.from('I'));
const first = notification('record_changes', '{"c":1,"t":"client","id":2,"op":"UPDATE"}');
const second = notification('presence', '{"n":"Conceição"}');
const empty = notification('x', '');

/** What goes through and what is told, for `stream` cut at `cuts`. */
function run(stream: Buffer, cuts: number[]) {
  const told: [string, string][] = [];
  const filter = new NotificationFilter((channel, payload) => told.push([channel, payload]));
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, stream.length]) {
    out.push(filter.push(stream.subarray(from, cut)));
    from = cut;
  }
  return { passed: Buffer.concat(out), told };
}

describe('NotificationFilter', () => {
  const stream = Buffer.concat([complete, first, row, noData, second, empty, ready]);
  const others = Buffer.concat([complete, row, noData, ready]);
  const expected = [
    ['record_changes', '{"c":1,"t":"client","id":2,"op":"UPDATE"}'],
    ['presence', '{"n":"Conceição"}'],
    ['x', ''],
  ];

  it('passes every other message through untouched and tells each notification, whole', () => {
    expect(run(stream, [])).toEqual({ passed: others, told: expected });
  });

  it('gives the same result however the stream is cut in two or three chunks', () => {
    for (let a = 0; a <= stream.length; a++) {
      for (let b = a; b <= stream.length; b++) {
        const { passed, told } = run(stream, [a, b]);
        expect(passed.equals(others), `cut at ${a} and ${b}`).toBe(true);
        expect(told, `cut at ${a} and ${b}`).toEqual(expected);
      }
    }
  });

  it('byte by byte too, and a chunk without a notification comes back as it was', () => {
    const cuts = Array.from({ length: stream.length - 1 }, (_, i) => i + 1);
    expect(run(stream, cuts)).toEqual({ passed: others, told: expected });
    const filter = new NotificationFilter(() => {
      throw new Error('no notification here');
    });
    expect(filter.push(others)).toBe(others);
  });
});
