// The dates' styles and locale load with the screens that have a date field, not with the login.
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { isoFromShortDate } from '@app/shared/format';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { useState } from 'react';

const DATE_SETTINGS = { locale: 'pt-br' };

/**
 * A calendar date typed and shown as DD/MM/YYYY whatever the browser's language (a native date
 * input follows it: mm/dd/yyyy in English). Its value is the ISO 'YYYY-MM-DD' the API takes, or null.
 * Esc with the calendar open closes the calendar only, not the dialog around the field.
 */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'popoverProps'>) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DatesProvider settings={DATE_SETTINGS}>
      <DateInput
        valueFormat="DD/MM/YYYY"
        dateParser={isoFromShortDate}
        placeholder="DD/MM/AAAA"
        allowDeselect
        // A Mantine dialog leaves the Esc of a field so marked to the field (as a Select's while open).
        data-mantine-stop-propagation={calendarOpen || undefined}
        popoverProps={{ onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }}
        {...props}
      />
    </DatesProvider>
  );
}
