import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The label's classes (the row). */
  className?: string;
  /** The box's classes. */
  boxClassName?: string;
  children: ReactNode;
};

/** A checkbox inside its label: clicking the text ticks it. */
export function CheckboxLabel({
  checked,
  onCheckedChange,
  className,
  boxClassName,
  children,
  ...rest
}: Props) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        className={boxClassName}
        {...rest}
      />
      {children}
    </label>
  );
}
