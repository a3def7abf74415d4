import { useId } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Checkbox } from './ui/checkbox.tsx';
import { Label } from './ui/label.tsx';

interface CheckboxFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  /** A boolean field of the form. */
  name: FieldPathByValue<Values, boolean>;
  label: string;
  /** Shown under the label and announced with the checkbox. */
  hint?: string;
}

/**
 * A form's boolean field as a labelled checkbox. Radix's checkbox is a button, not an input, so
 * react-hook-form reaches it through a Controller; this keeps that wiring in one place.
 */
export function CheckboxField<Values extends FieldValues>({
  control,
  name,
  label,
  hint,
}: CheckboxFieldProps<Values>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox
            id={id}
            name={field.name}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            aria-describedby={hintId}
            className="mt-0.5"
          />
        )}
      />
      <div className="space-y-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
