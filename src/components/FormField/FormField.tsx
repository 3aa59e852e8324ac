import { Field, Text } from '@chakra-ui/react'
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react'

export interface FormFieldProps {
  /** Visible label. */
  label: string
  /** Shown after the label for optional fields, e.g. "(optional)". */
  optionalText?: string
  /** Marks the field required (asterisk, `aria-required`). */
  required?: boolean
  /** Hint under the control, linked with `aria-describedby`. */
  helperText?: string
  /** Error under the control; when set the control is `aria-invalid` and described by it. */
  errorText?: string
  /** The control (a Chakra `Input` or `Textarea`, which take their `id` from the field); it receives `aria-describedby`. */
  children: ReactElement<{ 'aria-describedby'?: string }>
}

/**
 * A labelled form control with helper and error text (Chakra `Field`). Ark's Field links the error only
 * through `aria-errormessage`; this also lists helper and error ids in `aria-describedby` so every screen
 * reader reads the error when the field is focused.
 */
export function FormField({ label, optionalText, required, helperText, errorText, children }: FormFieldProps) {
  const id = useId()
  const ids = { helperText: `${id}-helper`, errorText: `${id}-error`, label: `${id}-label` }
  const describedBy =
    [helperText ? ids.helperText : null, errorText ? ids.errorText : null].filter(Boolean).join(' ') || undefined
  let control: ReactNode = children
  if (isValidElement(children)) control = cloneElement(children, { 'aria-describedby': describedBy })
  return (
    <Field.Root id={`${id}-control`} ids={ids} invalid={Boolean(errorText)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator
          fallback={
            optionalText ? (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {optionalText}
              </Text>
            ) : undefined
          }
        />
      </Field.Label>
      {control}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  )
}
