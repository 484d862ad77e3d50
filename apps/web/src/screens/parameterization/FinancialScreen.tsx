import { ContractTemplatesPanel } from '../budgets/sale/ContractTemplatesPanel';
import { CurrencyQuotesPanel } from './CurrencyQuotesPanel';
import { PaymentMethodsPanel } from './PaymentMethodsPanel';
import { type GroupTab, ReferenceGroupScreen } from './ReferenceGroupScreen';

/**
 * After the card brands (/financeiro/1): the payment methods (/financeiro/2), the currency quotes
 * (/financeiro/3) and the contract templates of the sales (/financeiro/4).
 */
const TABS: readonly GroupTab[] = [
  { key: 'payment_method_params', label: 'Formas de pagamento', panel: () => <PaymentMethodsPanel /> },
  { key: 'currency_quotes_params', label: 'Cotações de moedas', panel: () => <CurrencyQuotesPanel /> },
  { key: 'contract_templates', label: 'Modelos de contrato', panel: () => <ContractTemplatesPanel /> },
];

export default function FinancialScreen() {
  return (
    <ReferenceGroupScreen
      group="financeiro"
      extraTabs={TABS}
      description="Bandeiras de cartão, formas de pagamento, cotações de moedas e modelos de contrato."
    />
  );
}
