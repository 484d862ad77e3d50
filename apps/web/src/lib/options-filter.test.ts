import type { ComboboxParsedItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { searchWordsFilter } from './options-filter';

const agents = [
  { value: '1', label: 'João Conceição Ávila' },
  { value: '2', label: 'João Silva' },
  { value: '3', label: 'Maria Ávila' },
];

const labels = (search: string, limit = Number.POSITIVE_INFINITY, options: ComboboxParsedItem[] = agents) =>
  searchWordsFilter({ options, search, limit }).flatMap((o) => ('group' in o ? o.items.map((i) => `${o.group}: ${i.label}`) : [o.label]));

describe('searchWordsFilter', () => {
  it.each(['avila joao', 'joao avila', 'ÁVILA, João', 'conceicao'])('keeps the options holding every word of %j', (search) => {
    expect(labels(search)).toEqual(['João Conceição Ávila']);
  });

  it('keeps every option for an empty search and none when a word is missing', () => {
    expect(labels('')).toHaveLength(3);
    expect(labels('joao pereira')).toEqual([]);
  });

  it('filters inside groups and stops at the limit', () => {
    const grouped: ComboboxParsedItem[] = [
      { group: 'Vendas', items: agents },
      { value: '4', label: 'Ana Ávila' },
    ];
    expect(labels('avila', 2, grouped)).toEqual(['Vendas: João Conceição Ávila', 'Vendas: Maria Ávila']);
    expect(labels('ana avila', 5, grouped)).toEqual(['Ana Ávila']);
  });
});
