import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { Link } from 'react-router'

// The shop's link inside words: bold, green and underlined, for a React Router <Link> and a
// plain <a> (mailto:, tel:, a place on the same page, another site). `className` adds layout
// (mt-4, inline-block), never a second colour.

export const textLinkVariants = cva('font-semibold text-pasture-800 underline underline-offset-4', {
  variants: {
    size: {
      default: '',
      /** beside small print: a form's help line, a toast */
      small: 'text-sm',
    },
  },
  defaultVariants: { size: 'default' },
})

export type TextLinkLook = VariantProps<typeof textLinkVariants>

function withLook<P extends { className?: string }>({
  size,
  className,
  ...props
}: P & TextLinkLook) {
  return { ...props, className: textLinkVariants({ size, className }) }
}

export function TextLink(props: ComponentProps<typeof Link> & TextLinkLook) {
  return <Link {...withLook(props)} />
}

/** A plain <a> that looks like a text link: addresses outside the app, or a place on the page. */
export function TextAnchor(props: ComponentProps<'a'> & TextLinkLook) {
  return <a {...withLook(props)} />
}
