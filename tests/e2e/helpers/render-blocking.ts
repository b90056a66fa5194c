import { expect, type Page } from "@playwright/test";

/**
 * The page's first frame waits until its last element is parsed: the head holds a
 * render-blocking `rel=expect` whose target is `main`'s last element, and an empty one (a frame
 * may come between an element's start tag and its text). A centred page painted while its
 * document was still arriving showed part of its block, then re-centred it when the rest came
 * (a layout shift, seen under load in font-swap.spec).
 */
export async function expectFirstFrameWaitsForTheEnd(page: Page) {
  const found = await page.evaluate(() => {
    const link = document.head.querySelector('link[rel="expect"][blocking="render"]');
    const id = link?.getAttribute("href")?.replace(/^#/, "") ?? "";
    const target = id ? document.getElementById(id) : null;
    const last = [...(document.querySelector("main")?.querySelectorAll("*") ?? [])].at(-1);
    return {
      id,
      targetFound: target !== null,
      targetEmpty: target?.childNodes.length === 0,
      lastIsTarget: last !== undefined && last === target,
    };
  });
  expect(found).toEqual({
    id: expect.stringMatching(/\S/),
    targetFound: true,
    targetEmpty: true,
    lastIsTarget: true,
  });
}
