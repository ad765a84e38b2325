import { TextLink } from '~/platform/ui/link'
import { policyInfo } from './policies'

/**
 * "I agree to the Terms of Service and Privacy Policy", with the two policies as links. They
 * open in a new tab so that reading them loses nothing typed on the form.
 */
export function TermsLabel() {
  return (
    <>
      I agree to the{' '}
      <TextLink to={policyInfo('terms').path} target="_blank">
        Terms of Service
      </TextLink>{' '}
      and{' '}
      <TextLink to={policyInfo('privacy').path} target="_blank">
        Privacy Policy
      </TextLink>
    </>
  )
}
