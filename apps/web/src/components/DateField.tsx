// The dates' styles and locale load with the screens that have a date field, not with the login.
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { isoFromShortDate } from '@app/shared/format';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';

const DATE_SETTINGS = { locale: 'pt-br' };

/**
 * A calendar date typed and shown as DD/MM/YYYY whatever the browser's language (a native date
 * input follows it: mm/dd/yyyy in English). Its value is the ISO 'YYYY-MM-DD' the API takes, or null.
 */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DatesProvider settings={DATE_SETTINGS}>
      <DateInput valueFormat="DD/MM/YYYY" dateParser={isoFromShortDate} placeholder="DD/MM/AAAA" allowDeselect {...props} />
    </DatesProvider>
  );
}
