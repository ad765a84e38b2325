import { useEffect, useId, useState } from 'react'
import { Button } from '~/platform/ui/button'
import { FieldError } from '~/platform/ui/field'
import { clampQuantity, MIN_QUANTITY, QUANTITY_TOO_LOW } from './stock'

/**
 * A quantity field with minus and plus buttons: minus disabled at 1, plus at `max` (none when
 * `max` is undefined). The number input is the real form field, so it posts without
 * JavaScript (the browser enforces min and max); the buttons work once the page is hydrated.
 * A typed 0 or less stays as typed and is refused with a message (the form will not send it);
 * it is never quietly made 1.
 */
export function QuantityStepper({
  name,
  value,
  onChange,
  max,
  hydrated,
  label = 'Quantity',
  error,
}: {
  name: string
  value: number
  onChange: (quantity: number) => void
  max?: number
  hydrated: boolean
  label?: string
  error?: string
}) {
  const id = useId()
  const errorId = `${id}-error`
  // What the shopper is typing ("" while they clear the field); the number itself is `value`.
  const [text, setText] = useState(String(value))
  const [tooLow, setTooLow] = useState(false)
  useEffect(() => {
    setText(String(value))
    setTooLow(false)
  }, [value])
  const message = error ?? (tooLow ? QUANTITY_TOO_LOW : undefined)
  const atMin = value <= MIN_QUANTITY
  const atMax = max !== undefined && value >= max

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <Button
          type="button"
          // Not "Decrease quantity": the field alone should answer to its label, "Quantity".
          aria-label="Decrease"
          aria-controls={id}
          disabled={!hydrated || atMin}
          onClick={() => {
            setTooLow(false)
            setText(String(clampQuantity(value - 1, max)))
            onChange(clampQuantity(value - 1, max))
          }}
          variant="outline"
          size="icon"
        >
          <span aria-hidden="true">−</span>
        </Button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={max}
          step={1}
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            const typed = Number(event.target.value)
            const whole = event.target.value !== '' && Number.isInteger(typed)
            setTooLow(whole && typed < MIN_QUANTITY)
            if (whole && typed >= MIN_QUANTITY) onChange(clampQuantity(typed, max))
          }}
          onBlur={() => {
            if (!tooLow) setText(String(value))
          }}
          className="h-11 w-20 rounded-md border border-stone-500 bg-white px-2 text-center text-lg text-ink focus:border-pasture-700 focus:outline-none focus:ring-2 focus:ring-pasture-600"
        />
        <Button
          type="button"
          aria-label="Increase"
          aria-controls={id}
          disabled={!hydrated || atMax}
          onClick={() => {
            setTooLow(false)
            setText(String(clampQuantity(value + 1, max)))
            onChange(clampQuantity(value + 1, max))
          }}
          variant="outline"
          size="icon"
        >
          <span aria-hidden="true">+</span>
        </Button>
      </div>
      <FieldError id={errorId} message={message} />
    </div>
  )
}
