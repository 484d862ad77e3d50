// The bounds of one PDF render (a budget's or a contract's), off the API's event loop. A budget
// within BUDGET_LIMITS and a template within its length render well inside them; they exist so
// that no document, whatever it holds, takes a thread or the memory for good.
export const PDF_RENDER_LIMITS = {
  /** Wall time of one render; past it the worker thread is stopped. */
  timeoutMs: 30_000,
  /** Bytes of one finished document. */
  maxBytes: 25 * 1024 * 1024,
  /** Heap of a worker thread (MB); past it the thread dies and is replaced, the API goes on. */
  workerHeapMb: 384,
  /** Renders waiting for a thread; past it the request is refused (429) instead of queued. */
  maxQueue: 32,
  /**
   * Characters of a contract once filled: a template's list fields (services, passengers) add a
   * line per item each time they appear, so 100,000 characters of template could grow without end.
   * Four times the longest template, over a hundred pages.
   */
  contractChars: 400_000,
} as const;

export const PDF_RENDER_MESSAGES = {
  tooLarge: 'Este documento ficou grande demais para gerar em PDF. Reduza o conteúdo (serviços, textos ou imagens) e tente novamente.',
  contractTooLong:
    'O contrato preenchido ficaria longo demais para gerar. Use os campos de listas (serviços, passageiros, parcelas) uma vez só no modelo.',
  busy: 'Muitos documentos estão sendo gerados agora. Tente novamente em alguns instantes.',
} as const;
