import { forwardRef, type InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';
import { cn } from './cn.ts';
import { Input } from './input.tsx';

/** A search box: the input with a magnifying glass inside it, on the left. */
export const SearchInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function SearchInput({ className, ...rest }, ref) {
    return (
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input ref={ref} type="search" className={cn('pl-9', className)} {...rest} />
      </div>
    );
  },
);
