import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BeaconPage, beaconBody, startAccessLogBeacon } from './access-log-beacon';

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

let win: EventTarget;
let doc: FakeDocument;
let sent: Record<string, string>[];
let userId: number | null;

function start(page: BeaconPage = { pathname: '/clientes' }) {
  return startAccessLogBeacon(
    { window: win, document: doc, now: () => Date.now(), send: (body) => sent.push(Object.fromEntries(body)) },
    { userId: () => userId, page },
  );
}

const fire = (name: string) => win.dispatchEvent(new Event(name));
const seconds = (n: number) => vi.advanceTimersByTime(n * 1000);
const times = () => sent.map((s) => Number(s['access_log[active_time]']));

beforeEach(() => {
  vi.useFakeTimers();
  win = new EventTarget();
  doc = new FakeDocument();
  sent = [];
  userId = 7;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('access-log beacon', () => {
  it('sends after 30 s without activity, then waits for the user to come back', () => {
    start();
    seconds(29.9);
    expect(sent).toEqual([]);
    seconds(0.1);
    expect(sent).toEqual([
      {
        'access_log[user_id]': '7',
        'access_log[controller]': 'clientes',
        'access_log[ip_address]': '',
        'access_log[active_time]': '30',
        'access_log[resource_id]': '',
      },
    ]);
    seconds(120);
    expect(sent).toHaveLength(1);
    // Back: a new stretch, and a new 30 s timer.
    fire('keydown');
    seconds(10);
    fire('blur');
    expect(times()).toEqual([30, 10]);
  });

  it('activity resets the inactivity timer at most once per 2 s', () => {
    start();
    // 1.5 s after load: within the throttle, the timer still ends at 30 s.
    seconds(1.5);
    fire('mousemove');
    seconds(28.5);
    expect(times()).toEqual([30]);

    // Back at 30 s: a new stretch and timer; 1 s later an input is within the throttle, at 3 s it resets.
    fire('mousedown');
    seconds(1);
    fire('touchstart');
    seconds(2);
    fire('touchmove');
    seconds(29.9);
    expect(times()).toEqual([30]);
    seconds(0.1);
    expect(times()).toEqual([30, 33]);
  });

  it('each input kind keeps the user active', () => {
    start();
    for (const name of ['mousemove', 'mousedown', 'touchstart', 'touchmove', 'click', 'keydown']) {
      seconds(20);
      fire(name);
    }
    expect(sent).toEqual([]);
  });

  it('sends when the tab is hidden and when the window loses focus, once per stretch', () => {
    start();
    seconds(12);
    fire('blur');
    doc.set('hidden');
    expect(times()).toEqual([12]);
    doc.set('visible');
    seconds(5);
    doc.set('hidden');
    expect(times()).toEqual([12, 5]);
    // No timer runs while hidden.
    seconds(60);
    expect(times()).toEqual([12, 5]);
  });

  it('skips a stretch under 3 s', () => {
    start();
    seconds(2.9);
    fire('blur');
    fire('focus');
    seconds(3);
    fire('blur');
    expect(times()).toEqual([3]);
  });

  it('skips everything while the user id is unknown', () => {
    userId = null;
    start();
    seconds(40);
    fire('keydown');
    seconds(10);
    doc.set('hidden');
    expect(sent).toEqual([]);
  });

  it("a route change sends the previous route's first segment and numeric id", () => {
    const beacon = start({ pathname: '/atendimento/12', id: '12' });
    seconds(8);
    beacon.routeChanged({ pathname: '/orcamento-timeline/5/9', id: '5' });
    seconds(4);
    beacon.routeChanged({ pathname: '/clientes/abc', id: 'abc' });
    seconds(5);
    beacon.routeChanged({ pathname: '/' });
    seconds(6);
    fire('blur');
    expect(sent.map((s) => [s['access_log[controller]'], s['access_log[resource_id]'], s['access_log[active_time]']])).toEqual([
      ['atendimento', '12', '8'],
      ['orcamento-timeline', '5', '4'],
      ['clientes', '', '5'],
      ['home', '', '6'],
    ]);
  });

  it('the same path is no route change; stop removes every listener and the timer', () => {
    const beacon = start();
    seconds(5);
    beacon.routeChanged({ pathname: '/clientes' });
    expect(sent).toEqual([]);
    beacon.stop();
    seconds(60);
    fire('blur');
    doc.set('hidden');
    expect(sent).toEqual([]);
  });

  it('form body: a non-numeric or padded id is sent empty (null)', () => {
    expect(beaconBody(3, { pathname: '/hotel/007', id: '007' }, 4).toString()).toBe(
      'access_log%5Buser_id%5D=3&access_log%5Bcontroller%5D=hotel&access_log%5Bip_address%5D=&access_log%5Bactive_time%5D=4&access_log%5Bresource_id%5D=',
    );
  });
});
