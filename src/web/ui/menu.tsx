import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { DropdownMenu as M } from 'radix-ui';
import { Check } from 'lucide-react';
import { cn } from './cn.ts';

/**
 * Non-modal: a modal menu hides the rest of the page from assistive technology while focusable elements
 * stay in it (axe: aria-hidden-focus). Focus still moves into the menu and Escape closes it.
 */
export function Menu(props: ComponentPropsWithoutRef<typeof M.Root>) {
  return <M.Root modal={false} {...props} />;
}
export const MenuTrigger = M.Trigger;
export const MenuGroup = M.Group;
export const MenuRadioGroup = M.RadioGroup;

export function MenuContent({
  className,
  align = 'end',
  children,
  ...rest
}: ComponentPropsWithoutRef<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        align={align}
        sideOffset={6}
        collisionPadding={8}
        className={cn(
          'z-50 min-w-52 rounded-lg border border-border bg-surface p-1 text-sm text-foreground shadow-pop animate-fade-in',
          className,
        )}
        {...rest}
      >
        {children}
      </M.Content>
    </M.Portal>
  );
}

const ITEM =
  'relative flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 outline-none select-none ' +
  'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-70 [&_svg]:size-4';

export function MenuItem({ className, ...rest }: ComponentPropsWithoutRef<typeof M.Item>) {
  return <M.Item className={cn(ITEM, className)} {...rest} />;
}

export function MenuRadioItem({
  className,
  children,
  ...rest
}: ComponentPropsWithoutRef<typeof M.RadioItem> & { children: ReactNode }) {
  return (
    <M.RadioItem className={cn(ITEM, 'pr-8', className)} {...rest}>
      {children}
      <M.ItemIndicator className="absolute right-2.5 inline-flex">
        <Check aria-hidden="true" className="text-primary" />
      </M.ItemIndicator>
    </M.RadioItem>
  );
}

export function MenuLabel({ className, ...rest }: ComponentPropsWithoutRef<typeof M.Label>) {
  return (
    <M.Label className={cn('px-2.5 py-2 text-xs font-medium text-muted-foreground', className)} {...rest} />
  );
}

export function MenuSeparator({ className }: { className?: string }) {
  return <M.Separator className={cn('my-1 h-px bg-border', className)} />;
}
