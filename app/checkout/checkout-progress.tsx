import { type CheckoutStep, checkoutProgress, type StepState } from './checkout'

// The three steps as a stepper: a circle each (a check once done, else the number) joined by a
// line that fills as the shopper goes on, the label under it. What a screen reader hears is the
// text, not the drawing: "Step 1: Shipping (completed)", and aria-current on the step shown.

const circleClass: Record<StepState, string> = {
  completed: 'border-pasture-700 bg-pasture-700 text-white',
  current: 'border-pasture-700 bg-white text-pasture-800 ring-4 ring-pasture-100',
  upcoming: 'border-stone-400 bg-white text-muted',
}

const labelClass: Record<StepState, string> = {
  completed: 'text-pasture-800',
  current: 'text-ink',
  upcoming: 'text-muted',
}

function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4.5 10.5l3.5 3.5 7.5-8" />
    </svg>
  )
}

export function CheckoutProgress({ step }: { step: CheckoutStep }) {
  return (
    <nav aria-label="Checkout progress" className="mt-6">
      <ol className="grid max-w-lg grid-cols-3">
        {checkoutProgress(step).map(({ number, label, state }) => (
          <li
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            className="relative flex flex-col items-center gap-1.5 text-center font-semibold"
          >
            {number > 1 ? (
              // From the previous circle's centre to this one's, behind both circles.
              <span
                aria-hidden="true"
                className={`absolute top-4 right-1/2 h-0.5 w-full ${state === 'upcoming' ? 'bg-stone-300' : 'bg-pasture-700'}`}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={`relative z-10 flex h-8 w-8 items-center justify-center rounded-full border-2 ${circleClass[state]}`}
            >
              {state === 'completed' ? <CheckMark /> : number}
            </span>
            <span className={labelClass[state]}>
              <span className="sr-only">Step {number}: </span>
              {label}
              {state === 'completed' ? <span className="sr-only"> (completed)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
