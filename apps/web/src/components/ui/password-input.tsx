import { type ComponentProps, useState } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

/**
 * A password Input with a Show/Hide toggle. Props (including the id and aria wiring Field adds,
 * and react-hook-form's ref) go to the input itself.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div data-slot="password-input" className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-16', className)} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-controls={props.id}
        aria-label={t(visible ? 'ui.hidePassword' : 'ui.showPassword')}
        className={cn(
          'absolute inset-y-1 right-1 rounded px-2 text-xs font-medium text-muted-foreground',
          'hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        )}
      >
        {t(visible ? 'ui.hide' : 'ui.show')}
      </button>
    </div>
  );
}
