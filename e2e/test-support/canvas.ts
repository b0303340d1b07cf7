/** Pointer helpers for the flow canvas: xyflow needs real drags with intermediate moves for nodes and handles. */
import { expect, type Locator, type Page } from '@playwright/test';

export const card = (page: Page, subType: string) => page.locator(`[data-testid="flow-node"][data-subtype="${subType}"]`);
export const handle = (node: Locator, selector: string) => node.locator(`.react-flow__handle${selector}`);

async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 8 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** Moves a card by its header to a spot of the canvas, so the handles of different cards never overlap. */
export async function place(page: Page, node: Locator, at: { x: number; y: number }) {
  const canvas = await page.getByTestId('flow-canvas').boundingBox();
  const box = await node.boundingBox();
  if (!canvas || !box) throw new Error('no canvas');
  await drag(page, { x: box.x + 40, y: box.y + 12 }, { x: canvas.x + at.x + 40, y: canvas.y + at.y + 12 });
}

export async function connect(page: Page, from: Locator, to: Locator) {
  await drag(page, await center(from), await center(to));
}

/** Each node's position in flow coordinates, as xyflow lays it out (the wrapper's translate). */
export async function shownPositions(page: Page): Promise<Record<string, { x: number; y: number }>> {
  const shown = await page.locator('.react-flow__node').evaluateAll((elements) =>
    elements.map((element) => [(element as HTMLElement).dataset.id ?? '', (element as HTMLElement).style.transform] as const),
  );
  return Object.fromEntries(
    shown.map(([id, transform]) => {
      const [x, y] = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(transform)?.slice(1).map(Number) ?? [Number.NaN, Number.NaN];
      return [id, { x: x ?? Number.NaN, y: y ?? Number.NaN }];
    }),
  );
}

/** The editor header's save state: every edit saves itself, this says where the last ones are. */
export const saveState = (page: Page) => page.getByTestId('save-state');

/** Waits until nothing the editor holds is left to queue (drags included): what a reload must find. */
export async function expectSaved(page: Page) {
  await expect(saveState(page)).toHaveAttribute('data-state', 'saved');
}
