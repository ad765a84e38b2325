import {
  button,
  type EmailContent,
  html,
  layout,
  link,
  paragraph,
  type ShopContext,
  shopUrl,
} from './layout'

export type WelcomeInput = ShopContext & { firstName: string }

export function welcomeEmail(input: WelcomeInput): EmailContent {
  const { farmName, firstName } = input
  const shop = shopUrl(input.baseUrl, '/shop')
  const account = shopUrl(input.baseUrl, '/account')
  const greeting = `Hello ${firstName},`
  const thanks = `Thank you for opening an account with ${farmName}. Everything we grow and raise is in the shop:`
  const accountLine = 'Your orders, addresses and details are in your account:'
  return layout(input, {
    subject: `Welcome to ${farmName}`,
    html: html`${paragraph(greeting)}
${paragraph(thanks)}
${button(shop, 'Visit the shop')}
${paragraph(html`${accountLine} ${link(account, account)}`)}
${paragraph('See you soon at the farm!')}`,
    text: [greeting, thanks, shop, `${accountLine}\n${account}`, 'See you soon at the farm!'],
  })
}
