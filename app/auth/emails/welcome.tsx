import {
  Button,
  type EmailContent,
  Paragraph,
  renderEmail,
  type ShopContext,
  shopUrl,
  TextLink,
} from '~/email/layout'

export type WelcomeInput = ShopContext & { firstName: string }

export function welcomeEmail(input: WelcomeInput): EmailContent {
  const { farmName, firstName } = input
  const shop = shopUrl(input.baseUrl, '/shop')
  const account = shopUrl(input.baseUrl, '/account')
  const greeting = `Hello ${firstName},`
  const thanks = `Thank you for opening an account with ${farmName}. Everything we grow and raise is in the shop:`
  const accountLine = 'Your orders, addresses and details are in your account:'
  const goodbye = 'See you soon at the farm!'
  return renderEmail(input, {
    subject: `Welcome to ${farmName}`,
    html: (
      <>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{thanks}</Paragraph>
        <Button href={shop}>Visit the shop</Button>
        <Paragraph>
          {accountLine} <TextLink href={account}>{account}</TextLink>
        </Paragraph>
        <Paragraph>{goodbye}</Paragraph>
      </>
    ),
    text: [greeting, thanks, shop, `${accountLine}\n${account}`, goodbye],
  })
}
