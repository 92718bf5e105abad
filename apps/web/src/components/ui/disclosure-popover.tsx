import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/**
 * An icon button that shows a small panel below it (WAI-ARIA disclosure pattern): Tab moves
 * into the panel, Escape closes it and returns focus to the button, clicking or tabbing
 * elsewhere closes it. Dependency-free on purpose: the header is on every page's first load.
 * On small screens the panel spans the nearest positioned ancestor (the sticky header).
 */
export function DisclosurePopover({
  label,
  icon,
  children,
  panelClassName,
}: {
  /** Accessible name of the button. */
  label: string;
  icon: ReactNode;
  children: ReactNode | ((close: () => void) => ReactNode);
  panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent): void {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onBlur(event: FocusEvent<HTMLDivElement>): void {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  }

  return (
    <div ref={rootRef} className="sm:relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute inset-x-2 top-full z-50 mt-1 rounded-md border border-border bg-background p-4 text-sm shadow-lg sm:inset-x-auto sm:right-0 sm:mt-2 sm:w-72',
          panelClassName,
        )}
      >
        {open ? (typeof children === 'function' ? children(close) : children) : null}
      </div>
    </div>
  );
}
