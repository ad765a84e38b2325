import {
  button,
  type EmailContent,
  html,
  layout,
  paragraph,
  type ShopContext,
  shopUrl,
} from './layout'

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
  return layout(input, {
    subject: 'Reset your password',
    html: html`${paragraph(greeting)}
${paragraph(ask)}
${button(resetUrl, 'Choose a new password')}
${paragraph(expiry)}
${paragraph(ignore)}`,
    text: [greeting, ask, resetUrl, expiry, ignore],
  })
}
