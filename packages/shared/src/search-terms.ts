// How every search box matches, on the server (SQL over folded search texts) and in the browser (a
// select's options): each word typed, in any order, anywhere in the text, blind to accents, case
// and punctuation. 'avila joao' and 'ÁVILA, João' both find 'João Conceição Ávila'.

/** The words of a search that count: a pasted paragraph cannot build a query of a hundred conditions. */
export const SEARCH_MAX_WORDS = 8;

/** Lower case without accents ('Conceição' -> 'conceicao'), as the searched texts are folded. */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words a search matches: folded, split on anything but letters and digits, each once; a word
 * inside another one goes ('jo joao': 'joao' already says it), as it can only match where that one
 * does. The first SEARCH_MAX_WORDS; none for a term without letters or digits.
 */
export function searchWords(term: string): string[] {
  const words = [...new Set(foldSearchText(term).split(/[^\p{L}\p{N}]+/u))].filter(Boolean);
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word))).slice(0, SEARCH_MAX_WORDS);
}

/** Whether `text` holds every one of `words` (searchWords), in any order. */
export function matchesSearchWords(text: string, words: readonly string[]): boolean {
  const folded = foldSearchText(text);
  return words.every((word) => folded.includes(word));
}
