// What a searchable select keeps of its options as one types: the lists' search rule (every word, in
// any order, blind to accents and case), so 'avila joao' finds 'João Conceição Ávila' among the
// agents of a 'Responsável' filter as it does in the lists.
import { matchesSearchWords, searchWords } from '@app/shared/search-terms';
import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** Mantine's `filter` of Select and MultiSelect: the options (and groups' options) holding every word, up to `limit`. */
export const searchWordsFilter: OptionsFilter = ({ options, search, limit }) => {
  const words = searchWords(search);
  const kept: ComboboxParsedItem[] = [];
  let count = 0;
  for (const option of options) {
    if (count >= limit) break;
    if ('group' in option) {
      const items = option.items.filter((item) => matchesSearchWords(item.label, words)).slice(0, limit - count);
      if (items.length) kept.push({ ...option, items });
      count += items.length;
    } else if (matchesSearchWords(option.label, words)) {
      kept.push(option);
      count += 1;
    }
  }
  return kept;
};
