import { CONTRACT_SAMPLE_VALUES, DEFAULT_CONTRACT_TEMPLATE, PDF_RENDER_MESSAGES, renderContractBlocks } from '@app/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/contract-fixtures';
import { landingPageFixture } from '../../../test/landing-page-fixture';
import { AppError } from '../../errors';
import { renderBudgetPdf } from '../../modules/budget-documents/budget-pdf';
import { pdfRenderer } from '.';

const renderers: ReturnType<typeof pdfRenderer>[] = [];
const threadErrors: unknown[] = [];
const renderer = (opts?: Parameters<typeof pdfRenderer>[1]) => {
  const r = pdfRenderer({ error: (details) => threadErrors.push(details) }, opts);
  renderers.push(r);
  return r;
};
afterAll(() => Promise.all(renderers.map((r) => r.close())));

const noLogo = async () => null;
/** 20 proposals of 60 services: larger than agencies quote, most of a second of drawing. */
const heavyPage = () => landingPageFixture({ proposals: 20, services: 60 });
/** 10,000 services, past every budget limit: seconds of drawing. */
const hugePage = () => landingPageFixture({ proposals: 50, services: 200 });

/** The longest gap between two ticks of a 10 ms timer while `work` ran, in ms. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  await work();
  // A loop held until the end is seen at the next tick.
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(timer);
  return longest;
}

describe('PDF rendering in worker threads', { timeout: 120_000 }, () => {
  it('draws the budget and the contract off the event loop: the loop never waits for a render', async () => {
    const pdfs = renderer();
    const page = heavyPage();
    // The worker's start (its code loaded) is not what is measured.
    await pdfs.budget(landingPageFixture(), noLogo);

    const started = performance.now();
    let pdf: Buffer = Buffer.alloc(0);
    const stall = await longestStall(async () => {
      pdf = await pdfs.budget(page, noLogo);
    });
    const renderMs = performance.now() - started;
    const { text } = await pdfText(pdf);
    expect(text).toContain(page.title);
    expect(text).toContain(page.proposals.at(-1)?.services.at(-1)?.title);
    // The control: the same page drawn on this thread holds the loop for the whole render.
    const inline = await longestStall(() => renderBudgetPdf(page));
    expect(inline, 'the control should block').toBeGreaterThan(200);
    expect(stall, `render took ${renderMs.toFixed(0)} ms, the loop waited ${stall.toFixed(0)} ms`).toBeLessThan(Math.min(150, inline / 2));

    const contract = await pdfs.contract({
      blocks: renderContractBlocks(DEFAULT_CONTRACT_TEMPLATE.body, CONTRACT_SAMPLE_VALUES),
      agencyName: 'Viagens São João Ltda.',
    });
    expect((await pdfText(contract)).text).toContain('Viagens São João Ltda.');
  });

  it('keeps a budget PDF until its page changes, and draws a page asked twice at once only once', async () => {
    const pdfs = renderer();
    const page = landingPageFixture();
    let logoReads = 0;
    const logo = async () => {
      logoReads += 1;
      return null;
    };
    const [first, again] = await Promise.all([pdfs.budget(page, logo), pdfs.budget(page, logo)]);
    // pdfkit stamps each document with the time it was drawn: equal bytes are one render.
    expect(again.equals(first)).toBe(true);
    expect((await pdfs.budget(structuredClone(page), logo)).equals(first)).toBe(true);
    expect(logoReads).toBe(1);

    const changed = await pdfs.budget({ ...page, title: 'Réveillon em Lisboa' }, logo);
    expect(changed.equals(first)).toBe(false);
    expect((await pdfText(changed)).text).toContain('Réveillon em Lisboa');
  });

  it('stops a render past its time and refuses a document past its size (413); the process goes on', async () => {
    // The thread's start counts in its time: 1.5 s holds a start, not 10,000 services.
    const slow = renderer({ limits: { timeoutMs: 1500 } });
    const error = await slow.budget(hugePage(), noLogo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', userMessage: PDF_RENDER_MESSAGES.tooLarge });

    const small = renderer({ limits: { maxBytes: 10_000 } });
    await expect(small.budget(heavyPage(), noLogo)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const { text } = await pdfText(
      await renderer().contract({ blocks: [{ kind: 'heading', text: 'Contrato curto' }], agencyName: 'Agência' }),
    );
    expect(text).toContain('Contrato curto');
  });

  it('survives a thread out of heap: the render is refused (413), the failure logged, the process and the next render go on', async () => {
    const tight = renderer({ limits: { workerHeapMb: 24 } });
    await expect(tight.budget(hugePage(), noLogo)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const roomy = renderer();
    expect((await pdfText(await roomy.budget(landingPageFixture(), noLogo))).text).toContain(landingPageFixture().title);
  });

  it('refuses a render past the queue (429) instead of holding it', async () => {
    const busy = renderer({ threads: 1, limits: { maxQueue: 1 } });
    const page = landingPageFixture();
    const runs = [0, 1, 2].map((i) =>
      busy.budget({ ...page, title: `Orçamento ${i}` }, noLogo).then(
        () => 'ok',
        (e: unknown) => e,
      ),
    );
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === 'ok').length).toBeGreaterThanOrEqual(1);
    expect(outcomes).toContainEqual(expect.objectContaining({ code: 'TOO_MANY_REQUESTS', userMessage: PDF_RENDER_MESSAGES.busy }));
  });
});
