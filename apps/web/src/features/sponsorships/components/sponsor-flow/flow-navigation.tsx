import { ArrowRightIcon } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { FlowStepId } from './steps';

/** Opens a step of the surrounding flow and scrolls to it. */
export const FlowNavigation = createContext<((step: FlowStepId) => void) | null>(null);

/** A link-like button to another step of the flow (e.g. from the agreement to the details). */
export function GoToFlowStep({ step, children }: { step: FlowStepId; children: ReactNode }) {
  const open = useContext(FlowNavigation);
  if (!open) return null;
  return (
    <Button variant="link" className="h-auto self-start p-0 whitespace-normal" onClick={() => open(step)}>
      {children}
      <ArrowRightIcon aria-hidden="true" />
    </Button>
  );
}
