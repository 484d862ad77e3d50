// Checks of a screen at a phone's width (issue 18): nothing past the right edge, no sideways scroll,
// no badge cut short, and taps only on controls a finger can reach.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A small Android phone: the narrowest width the app is made for. */
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const screenWidth = (page: Page) => page.viewportSize()?.width ?? PHONE.viewport.width;

/**
 * The element lies within the width of the screen. Polled, so a control still sliding in (a drawer,
 * a smooth scroll) gets its time; one that stays past an edge fails.
 */
export async function expectOnScreen(locator: Locator) {
  const width = screenWidth(locator.page());
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        if (!box) return 'not on the page';
        return box.x >= 0 && box.x + box.width <= width ? 'within' : `from x ${box.x} to ${box.x + box.width}`;
      },
      { message: `${locator} within the ${width} px of the screen` },
    )
    .toBe('within');
}

/** The element (and a badge's label in it) shows all of its text: nothing cut by an ellipsis or hidden past its edge. */
export async function expectWhole(locator: Locator) {
  await expect(locator).toBeVisible();
  const cut = await locator.evaluate((el) =>
    Math.max(...[el, ...Array.from(el.querySelectorAll('.mantine-Badge-label'))].map((e) => e.scrollWidth - e.clientWidth)),
  );
  expect(cut, `${await locator.textContent()} is cut`).toBeLessThanOrEqual(0);
}

/** The screen fits the phone: no sideways scroll of the page, and every badge on it shown in full. */
export async function expectFits(page: Page, where: string) {
  expect(await pageWidth(page), `no sideways scroll: ${where}`).toBeLessThanOrEqual(screenWidth(page));
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label'))
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth)
      .map((label) => label.textContent),
  );
  expect(cut, `badges cut short: ${where}`).toEqual([]);
}

/** The two elements do not overlap (one does not hide the other). */
export async function expectApart(a: Locator, b: Locator) {
  // Polled: one may still be sliding into its place.
  await expect
    .poll(
      async () => {
        // Short per-call waits: a toast leaves after a few seconds, and a box asked of a gone element would wait for good.
        const box = (l: Locator) => l.boundingBox({ timeout: 500 }).catch(() => null);
        const [boxA, boxB] = [await box(a), await box(b)];
        if (!boxA || !boxB) return 'not both on the page';
        const overlap =
          boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
        return overlap ? `overlapping: ${JSON.stringify(boxA)} over ${JSON.stringify(boxB)}` : 'apart';
      },
      { message: `${a} and ${b} apart` },
    )
    .toBe('apart');
}

/**
 * A finger's tap on a control, which must lie within the screen's width. Playwright's tap also
 * refuses a control covered by another element: it waits, then fails at the expect timeout.
 */
export async function tap(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expectOnScreen(locator);
  await locator.tap({ timeout: 10_000 });
}
