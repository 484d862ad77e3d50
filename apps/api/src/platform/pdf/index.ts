// PDFs are drawn in worker threads (piscina), never on the event loop: a 300-service contract
// takes seconds of CPU, and meanwhile every other request of every agency would wait. Each
// render is bounded in time, output size and heap (PDF_RENDER_LIMITS); a budget's PDF is kept
// until the budget changes, keyed by the very page it is drawn from.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type LandingPage, PDF_RENDER_LIMITS, PDF_RENDER_MESSAGES, type PersonalDataExport } from '@app/shared';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import { AppError } from '../../errors';
import type { ContractPdfInput } from '../../modules/contracts/contract-pdf';
import type { Log } from '../log';
import type { BudgetPdfTask } from './pdf-worker';

export type PdfRenderer = {
  /** The budget's PDF of `page`; `logo` is read only when the document is not cached. */
  budget(page: LandingPage, logo: () => Promise<Buffer | null>): Promise<Buffer>;
  contract(input: ContractPdfInput): Promise<Buffer>;
  /** A data subject's export, for the person to read (LGPD). */
  personalData(data: PersonalDataExport): Promise<Buffer>;
  close(): Promise<void>;
};

/** Set in each chunk of the production build (scripts/build.mjs): the chunk's own URL. */
declare const __API_BUNDLE_URL__: string | undefined;

/** The worker's module: the build's own entry beside its chunks, or the sources through tsx. */
function workerFile(): string {
  const url =
    typeof __API_BUNDLE_URL__ === 'string'
      ? new URL('./pdf-worker.mjs', __API_BUNDLE_URL__)
      : new URL('./pdf-worker-tsx.mjs', import.meta.url);
  return fileURLToPath(url);
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { message: PDF_RENDER_MESSAGES.tooLarge });

/** A cached PDF's budget: the largest documents are a few MB, most a few hundred KB. */
const CACHE_BYTES = 64 * 1024 * 1024;

/** `limits`: PDF_RENDER_LIMITS unless a test or a bench narrows them. */
export function pdfRenderer(
  log: Pick<Log, 'error'>,
  opts: { threads?: number; limits?: Partial<Record<keyof typeof PDF_RENDER_LIMITS, number>> } = {},
): PdfRenderer {
  const limits = { ...PDF_RENDER_LIMITS, ...opts.limits };
  let pool: Piscina | undefined;
  // Threads start with the first render and leave after a while idle: a process that never draws
  // a PDF (a worker of imports, a test) never holds one.
  const started = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: opts.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
      idleTimeout: 5 * 60_000,
      maxQueue: limits.maxQueue,
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb },
    });
    // A thread that dies outside a task (out of heap while starting) is replaced by the pool; unheard,
    // the event would end the process.
    pool.on('error', (error: unknown) => log.error({ err: error }, 'PDF worker thread failed'));
    return pool;
  };

  async function render(
    name: 'budget' | 'contract' | 'personalData',
    task: BudgetPdfTask | ContractPdfInput | PersonalDataExport,
  ): Promise<Buffer> {
    const threads = started();
    if (threads.queueSize >= limits.maxQueue) throw new AppError('TOO_MANY_REQUESTS', { message: PDF_RENDER_MESSAGES.busy });
    let bytes: Uint8Array;
    try {
      bytes = await threads.run(task, { name, signal: AbortSignal.timeout(limits.timeoutMs) });
    } catch (error) {
      // Out of time (the thread is stopped) or out of heap (the thread died): the document is too
      // big for a render; a new thread takes the next one.
      const code = (error as { code?: string }).code;
      if ((error as Error).name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY') throw tooLarge();
      throw error;
    }
    if (bytes.byteLength > limits.maxBytes) throw tooLarge();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  type BudgetContext = { page: LandingPage; logo: () => Promise<Buffer | null> };
  // fetch() also joins concurrent requests for one document into one render.
  const budgets = new LRUCache<string, Buffer, BudgetContext>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (pdf) => pdf.length,
    fetchMethod: async (_key, _stale, { context }) => {
      const logo = await context.logo();
      return render('budget', { page: context.page, logo });
    },
  });

  return {
    async budget(page, logo) {
      // The page is everything the document shows (the logo by its upload key): same page, same PDF.
      const key = createHash('sha256').update(JSON.stringify(page)).digest('base64url');
      const pdf = await budgets.fetch(key, { context: { page, logo } });
      if (!pdf) throw new AppError('INTERNAL');
      return pdf;
    },
    contract: (input) => render('contract', input),
    personalData: (data) => render('personalData', data),
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
