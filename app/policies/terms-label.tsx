import { Link } from 'react-router'
import { policyInfo } from './policies'

const linkClass = 'font-semibold text-pasture-800 underline'

/**
 * "I agree to the Terms of Service and Privacy Policy", with the two policies as links. They
 * open in a new tab so that reading them loses nothing typed on the form.
 */
export function TermsLabel() {
  return (
    <>
      I agree to the{' '}
      <Link to={policyInfo('terms').path} target="_blank" className={linkClass}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to={policyInfo('privacy').path} target="_blank" className={linkClass}>
        Privacy Policy
      </Link>
    </>
  )
}
