import { Card, Stepper, Text, Title, useMatches } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { STEPS } from './labels';

/** The heading of a step's content; it takes the focus when the step changes, so a keyboard user goes on from it. */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={2} fz="h4" tabIndex={-1} data-step-heading style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

/** The look of the import's card (also while it loads). */
export const CardStyle = { withBorder: true, radius: 'lg', padding: 'lg' } as const;

/**
 * The card of an import: the five steps (the active one, and those before it done; past the last
 * when the import finished) and the step's content. `canSelect` lists the steps one may go back
 * to (their buttons take the keyboard focus only then). The step's heading takes the focus when
 * the step changes, and when the card appears with `focusRequest` set (then cleared): not on a
 * page load, where the screen's own heading leads.
 */
export function StepFrame({
  active,
  canSelect = [],
  onSelect,
  focusRequest,
  children,
}: {
  active: number;
  canSelect?: number[];
  onSelect?: (step: number) => void;
  focusRequest: RefObject<boolean>;
  children: ReactNode;
}) {
  // A phone shows the numbers only, and the step's name in words under them.
  const compact = useMatches({ base: true, sm: false });
  const card = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    const requested = focusRequest.current;
    focusRequest.current = false;
    if (first.current) {
      first.current = false;
      if (!requested) return;
    }
    card.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [active]);

  const shown = Math.min(active, STEPS.length - 1);
  return (
    <Card {...CardStyle} ref={card} data-testid="import-steps">
      <Stepper
        active={active}
        onStepClick={onSelect}
        allowNextStepsSelect={false}
        size="sm"
        mb={compact ? 'xs' : 'xl'}
        wrap={!compact}
        styles={compact ? { separator: { marginInline: 6, minWidth: 8 } } : undefined}
        aria-label="Etapas da importação"
      >
        {STEPS.map((label, index) => (
          <Stepper.Step
            key={label}
            label={compact ? undefined : label}
            aria-label={`Etapa ${index + 1}: ${label}`}
            aria-current={index === active ? 'step' : undefined}
            allowStepSelect={canSelect.includes(index)}
          />
        ))}
      </Stepper>
      {compact && (
        <Text fz="xs" c="dimmed" mb="md">
          Etapa {shown + 1} de {STEPS.length}
        </Text>
      )}
      {children}
    </Card>
  );
}
