// The budget screens' sale action: "Fechar venda" for a sent or accepted budget, "Ver venda" for a sold one.
import type { BudgetTree } from '@app/shared/budgets';
import { Button } from '@mantine/core';
import { IconCashRegister, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { closedSalePath } from './labels';
import { SellBudgetModal } from './SellBudgetModal';

export function SaleAction({ budget }: { budget: BudgetTree }) {
  const [open, setOpen] = useState(false);
  if (budget.status === 'sold') {
    return (
      <Button
        component={Link}
        to={closedSalePath(budget.id)}
        color="teal"
        variant="light"
        leftSection={<IconReceipt size={16} aria-hidden />}
      >
        Ver venda
      </Button>
    );
  }
  if (budget.status !== 'sent' && budget.status !== 'accepted') return null;
  return (
    <>
      <Button
        color="teal"
        leftSection={<IconCashRegister size={16} aria-hidden />}
        disabled={budget.proposals.length === 0}
        onClick={() => setOpen(true)}
      >
        Fechar venda
      </Button>
      <SellBudgetModal budget={budget} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
