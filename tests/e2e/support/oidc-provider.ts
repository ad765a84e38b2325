import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A real OpenID Connect provider (the `oidc-provider` package) on loopback, for the social
// sign-in tests. Its login and consent steps answer by themselves: the shopper is signed in as
// the account chosen with signInAs(), or, after denyNext(), refused as if they pressed Cancel.

export type OidcAccount = {
  sub: string
  email: string
  givenName: string
  familyName: string
}

export type TestOidcProvider = {
  /** http://127.0.0.1:<port>, what OIDC_ISSUER is set to */
  issuer: string
  clientId: string
  clientSecret: string
  /** The account every following login signs in as. */
  signInAs(account: OidcAccount): void
  /** The next authorization is refused (error=access_denied), as when the user cancels. */
  denyNext(): void
  close(): Promise<void>
}

// The parts of oidc-provider these tests use (the package ships no type declarations).
type Claims = Record<string, unknown>
type FoundAccount = { accountId: string; claims: () => Promise<Claims> }
type InteractionDetails = {
  uid: string
  grantId?: string
  params: Record<string, unknown>
  session?: { accountId: string }
  prompt: {
    name: string
    details: {
      missingOIDCScope?: string[]
      missingOIDCClaims?: string[]
      missingResourceScopes?: Record<string, string[]>
    }
  }
}
type InteractionResult =
  | { login: { accountId: string } }
  | { consent: { grantId: string } }
  | { error: string; error_description?: string }
type Grant = {
  addOIDCScope(scope: string): void
  addOIDCClaims(claims: string[]): void
  addResourceScope(indicator: string, scope: string): void
  save(): Promise<string>
}
type Provider = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: InteractionResult,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>
  Grant: {
    new (properties: { accountId: string; clientId: string }): Grant
    find(id: string): Promise<Grant | undefined>
  }
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => Provider

async function loadProvider(): Promise<ProviderConstructor> {
  // A specifier held in a variable: TypeScript then asks for no declarations, which this
  // package does not ship; the shape it is used through is declared above.
  const specifier = 'oidc-provider'
  const module: { default: ProviderConstructor } = await import(specifier)
  return module.default
}

const INTERACTION_PATH = /^\/interaction\/[\w-]+$/

export async function startOidcProvider(options: {
  /** Where the provider may send the shopper back: the app's /api/auth/callback/oidc */
  redirectUri: string
}): Promise<TestOidcProvider> {
  const Provider = await loadProvider()
  const clientId = 'farm-shop-e2e'
  const clientSecret = randomBytes(24).toString('hex')
  let account: OidcAccount = {
    sub: 'default-shopper',
    email: 'default-shopper@example.com',
    givenName: 'Default',
    familyName: 'Shopper',
  }
  const accounts = new Map<string, OidcAccount>([[account.sub, account]])
  let deny = false

  let provider: Provider | undefined
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server = createServer((req, res) => {
    if (!provider || !handle) {
      res.statusCode = 503
      res.end()
      return
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    if (req.method === 'GET' && INTERACTION_PATH.test(path)) {
      interact(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500
        res.end(String(error))
      })
      return
    }
    handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /** The provider's login and consent pages, answered at once. */
  async function interact(op: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await op.interactionDetails(req, res)
    if (deny) {
      deny = false
      await op.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    if (details.prompt.name === 'login') {
      await op.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      )
      return
    }
    // Consent: everything asked for is granted, as a first-party app's users would see it.
    const accountId = details.session?.accountId ?? account.sub
    const grant =
      (details.grantId && (await op.Grant.find(details.grantId))) ||
      new op.Grant({ accountId, clientId: String(details.params.client_id) })
    const missing = details.prompt.details
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    const grantId = await grant.save()
    await op.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    )
  }

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  })
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // better-auth's default for a client with a secret
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'e2e', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string): Promise<FoundAccount | undefined> {
      const found = accounts.get(sub)
      if (!found) return undefined
      return {
        accountId: found.sub,
        claims: async () => ({
          sub: found.sub,
          email: found.email,
          email_verified: true,
          given_name: found.givenName,
          family_name: found.familyName,
          name: `${found.givenName} ${found.familyName}`,
        }),
      }
    },
  })
  handle = provider.callback()

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      account = next
      accounts.set(next.sub, next)
    },
    denyNext() {
      deny = true
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
