import { describe, expect, it } from 'vitest';
import { foldSearchText, matchesSearchWords, SEARCH_MAX_WORDS, searchWords } from './search-terms';

describe('searchWords', () => {
  it('folds accents and case and splits on spaces and punctuation', () => {
    expect(searchWords('ÁVILA, João')).toEqual(['avila', 'joao']);
    expect(searchWords('  joao\tavila\n')).toEqual(['joao', 'avila']);
    expect(searchWords("d'Ávila-Conceição/SP (gru)")).toEqual(['d', 'avila', 'conceicao', 'sp', 'gru']);
    expect(searchWords('joao.avila@exemplo.com.br')).toEqual(['joao', 'avila', 'exemplo', 'com', 'br']);
  });

  it('keeps digits as words', () => {
    expect(searchWords('529.982.247-25')).toEqual(['529', '982', '247', '25']);
    expect(searchWords('Hotel 5 estrelas')).toEqual(['hotel', '5', 'estrelas']);
  });

  it('keeps each word once and drops a word inside another', () => {
    expect(searchWords('Joao joão JOAO')).toEqual(['joao']);
    expect(searchWords('jo joao')).toEqual(['joao']);
    expect(searchWords('silva s sil')).toEqual(['silva']);
    expect(searchWords('ana mariana')).toEqual(['mariana']);
  });

  it('takes the LIKE wildcards as punctuation, never as words', () => {
    expect(searchWords('100%_off\\x')).toEqual(['100', 'off', 'x']);
  });

  it('has no word for a term without letters or digits', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords(' - ., %% ')).toEqual([]);
  });

  it(`keeps the first ${SEARCH_MAX_WORDS} words of a long paste`, () => {
    const paste = Array.from({ length: 30 }, (_, i) => `palavra${String(i).padStart(2, '0')}`).join(' ');
    expect(searchWords(paste)).toEqual(Array.from({ length: SEARCH_MAX_WORDS }, (_, i) => `palavra0${i}`));
  });
});

describe('matchesSearchWords', () => {
  const name = 'João Conceição Ávila';

  it.each(['joao avila', 'avila joao', 'ÁVILA, João', 'conc ávi', 'JOÃO'])('finds %j in any order and spelling', (term) => {
    expect(matchesSearchWords(name, searchWords(term))).toBe(true);
  });

  it.each(['joao silva', 'avila joaquim', 'joaoavila'])('needs every word: %j does not match', (term) => {
    expect(matchesSearchWords(name, searchWords(term))).toBe(false);
  });

  it('matches anything without a word', () => {
    expect(matchesSearchWords(name, [])).toBe(true);
  });

  it('compares with the text folded as the words are', () => {
    expect(foldSearchText('ÁGUAS DE LINDÓIA')).toBe('aguas de lindoia');
  });
});
