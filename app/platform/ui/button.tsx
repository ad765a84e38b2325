import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { Link } from 'react-router'

// The shop's button looks, for a <button>, a React Router <Link> and a plain <a>. Every prop is
// passed on as given: a <button> keeps the HTML default type (submit inside a form), so each
// call site says its own type, name, value, disabled and aria-*.
// `className` adds classes after the variant's (layout such as w-full or mt-6, never a
// second colour or padding: there is no class merging).

export const buttonVariants = cva('rounded-md', {
  variants: {
    variant: {
      primary:
        'bg-pasture-700 text-white hover:bg-pasture-800 disabled:cursor-not-allowed disabled:bg-stone-500',
      secondary: 'border-pasture-700 text-pasture-800 hover:bg-pasture-50',
      /** a quiet grey outline: admin row actions, the quantity stepper */
      outline:
        'border border-stone-500 text-ink hover:bg-earth-50 disabled:cursor-not-allowed disabled:opacity-40',
      /** a destructive action: remove, archive, cancel */
      danger: 'border-red-800 text-red-800 hover:bg-red-50',
      /** the answer that destroys, in a confirmation dialog */
      destructive: 'bg-red-800 text-white hover:bg-red-900',
    },
    size: {
      default: 'inline-flex items-center justify-center px-5 font-semibold',
      /** a row of actions under a card (saved addresses) */
      medium: 'inline-flex items-center px-3 py-1.5 text-sm font-semibold',
      /** a row of actions in an admin list */
      small: 'px-2.5 py-1 text-sm font-semibold',
      /** a square 44px button holding one symbol; give it an aria-label */
      icon: 'flex h-11 w-11 items-center justify-center bg-white text-xl font-bold',
    },
  },
  compoundVariants: [
    // At the default size an outlined button's 2px border takes the place of 2px of padding,
    // so it is as tall as a primary one; smaller ones have a 1px border.
    { variant: ['primary', 'outline', 'destructive'], size: 'default', class: 'py-2.5' },
    { variant: ['secondary', 'danger'], size: 'default', class: 'border-2 py-2' },
    { variant: ['secondary', 'danger'], size: ['medium', 'small', 'icon'], class: 'border' },
  ],
  defaultVariants: { variant: 'primary', size: 'default' },
})

export type ButtonLook = VariantProps<typeof buttonVariants>

/** The element's own props, with the look turned into its className. */
function withLook<P extends { className?: string }>({
  variant,
  size,
  className,
  ...props
}: P & ButtonLook) {
  return { ...props, className: buttonVariants({ variant, size, className }) }
}

export function Button(props: ComponentProps<'button'> & ButtonLook) {
  return <button {...withLook(props)} />
}

/** A React Router link that looks like a button. */
export function ButtonLink(props: ComponentProps<typeof Link> & ButtonLook) {
  return <Link {...withLook(props)} />
}

/** A plain <a> that looks like a button: mailto:, tel: and other addresses outside the app. */
export function ButtonAnchor(props: ComponentProps<'a'> & ButtonLook) {
  return <a {...withLook(props)} />
}
