/** @jsxImportSource preact */
import './landing.css';
import { hydrate, render } from 'preact';
import { landingIdFromPath } from './api';
import { LandingApp, type LandingState, loadLanding } from './LandingApp';

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');
const id = landingIdFromPath(location.pathname);

/** How long the page waits for the server-rendered cover to paint before rendering over it. */
const COVER_WAIT_MS = 1000;

/**
 * Settles once the server-rendered cover (apps/api/.../landing-html.ts) has loaded and been painted,
 * or after COVER_WAIT_MS: the render is a long task on a slow phone, and an image that finishes
 * loading during it waits for it to paint (the page's largest paint).
 */
function coverPainted(): Promise<void> {
  const cover = root?.querySelector<HTMLImageElement>('img.lp-cover');
  if (!cover) return Promise.resolve();
  return new Promise((resolve) => {
    // A frame after the load: the paint this script's evaluation may have held back comes first.
    const painted = () => requestAnimationFrame(() => setTimeout(resolve));
    if (cover.complete) return painted();
    cover.addEventListener('load', painted, { once: true });
    cover.addEventListener('error', painted, { once: true });
    setTimeout(resolve, COVER_WAIT_MS);
  });
}

// One render, with the data: the call is the one the HTML preloads (rel=preload as=fetch), and
// landing.html's static skeleton (or the server's hero) stays on screen until it answers.
const show = (initial: LandingState) => {
  const app = <LandingApp id={id} initial={initial} />;
  // The server's hero is this render's first elements: kept as they are (no second paint of the cover).
  if (initial.kind === 'ready' && root.querySelector('.lp-hero')) return hydrate(app, root);
  root.textContent = '';
  render(app, root);
};
if (id) Promise.all([loadLanding(id), coverPainted()]).then(([state]) => show(state));
else show({ kind: 'invalid' });
