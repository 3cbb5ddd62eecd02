import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/**
 * SPEC §9: tooltips open after 700 ms; moving between them skips the delay for 300 ms. Wrap a group of
 * tooltips in one provider to share the skip delay. Not mounted at the app root on purpose: the popover
 * library would otherwise land in the landing page's first-view JavaScript.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </RadixTooltip.Provider>
  );
}

/** A tooltip; works alone (its own provider with the spec's delays) or inside a TooltipProvider group. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipProvider>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            className="z-50 rounded-md bg-ink-900 px-2.5 py-1.5 text-xs text-white shadow-md"
          >
            {content}
            <RadixTooltip.Arrow className="fill-ink-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </TooltipProvider>
  );
}
