import {
  Button,
  type EmailContent,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'

export type PasswordResetInput = ShopContext & {
  firstName: string
  /** The reset link (better-auth makes it); a bare path is resolved against baseUrl */
  resetUrl: string
  expiresInMinutes: number
}

export function passwordResetEmail(input: PasswordResetInput): EmailContent {
  const { farmName, firstName, expiresInMinutes } = input
  const resetUrl = shopUrl(input.baseUrl, input.resetUrl)
  const greeting = `Hello ${firstName},`
  const ask = `Someone, hopefully you, asked to reset the password of your ${farmName} account. Choose a new password here:`
  const expiry = `The link works for ${expiresInMinutes} minutes, and only once.`
  const ignore = "If you didn't ask for this, ignore this email: your password stays as it is."
  return renderEmail(input, {
    subject: 'Reset your password',
    html: (
      <>
        <Paragraphs lines={[greeting, ask]} />
        <Button href={resetUrl}>Choose a new password</Button>
        <Paragraphs lines={[expiry, ignore]} />
      </>
    ),
    text: [greeting, ask, resetUrl, expiry, ignore],
  })
}
