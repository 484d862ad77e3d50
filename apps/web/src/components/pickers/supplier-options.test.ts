import { describe, expect, it } from 'vitest';
import { SUPPLIER_PICKER_SIZE, supplierLabel, supplierPickerInput } from './supplier-options';

describe('supplierPickerInput', () => {
  it('asks for active suppliers, of one service type when given, with the trimmed term', () => {
    expect(supplierPickerInput('  sao jose ', 'accommodation')).toEqual({
      is_active: 'true',
      per_page: SUPPLIER_PICKER_SIZE,
      search: 'sao jose',
      service_type: 'accommodation',
    });
    expect(supplierPickerInput('   ')).toEqual({ is_active: 'true', per_page: SUPPLIER_PICKER_SIZE });
  });
});

describe('supplierLabel', () => {
  it('shows the trade name after the name when it differs', () => {
    expect(supplierLabel({ name: 'Mar Azul Hotelaria Ltda', trade_name: 'Hotel Mar Azul' })).toBe(
      'Mar Azul Hotelaria Ltda · Hotel Mar Azul',
    );
    expect(supplierLabel({ name: 'Hotel Mar Azul', trade_name: 'Hotel Mar Azul' })).toBe('Hotel Mar Azul');
    expect(supplierLabel({ name: 'Guia João', trade_name: null })).toBe('Guia João');
  });
});
