import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'

// Page and section titles in the display face. `level` picks the element (h1 to h3) and `size`
// the look, separately: an account page's <h1> is as large as a section <h2> on the home page.

export const headingVariants = cva('font-display font-bold', {
  variants: {
    size: {
      /** a storefront page's title */
      large: 'text-4xl',
      /** an account page's title, a home page section */
      medium: 'text-3xl',
      /** a dialog's or a policy section's title */
      small: 'text-2xl',
    },
    tone: {
      pasture: 'text-pasture-800',
      ink: 'text-ink',
    },
  },
  defaultVariants: { size: 'medium', tone: 'pasture' },
})

type HeadingProps = ComponentProps<'h1'> &
  VariantProps<typeof headingVariants> & {
    level: 1 | 2 | 3
  }

export function Heading({ level, size, tone, className, ...props }: HeadingProps) {
  const Tag = level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3'
  return <Tag className={headingVariants({ size, tone, className })} {...props} />
}
