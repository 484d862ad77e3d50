// A country picked by its name in Portuguese, held as its ISO code ('PT'), the way the API takes it.
import { COUNTRY_CODES } from '@app/shared/countries';
import { Select, type SelectProps } from '@mantine/core';

const names = new Intl.DisplayNames(['pt-BR'], { type: 'region', fallback: 'code' });

/** 'Portugal' for 'PT'; the code itself when the browser does not know it. */
export const countryName = (code: string) => names.of(code) ?? code;

const OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
  a.label.localeCompare(b.label, 'pt-BR'),
);

export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  return <Select searchable clearable nothingFoundMessage="Nenhum país" {...props} data={OPTIONS} />;
}
