import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Drags `handle` with the mouse, past dnd-kit's activation distance, onto `target` (a board's
 * column, which marks itself `data-over` while the card is over it), then drops it.
 */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('card or column not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 15, from.y + from.height / 2 + 15, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await expect(target).toHaveAttribute('data-over', 'true');
  await page.mouse.up();
}
