import { betterAuth } from 'better-auth'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { RESET_LINK_MINUTES, sendPasswordResetEmail } from './emails.server'

// better-auth on the shop's own database. Its tables are created by our migrations
// (app/db/migrations), mapped here to snake_case; `customers` is its user table (ADR 4).

export const SESSION_DAYS = 30
/** A session used after this long since its last refresh gets its expiry moved forward. */
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60
export const PASSWORD_MIN_LENGTH = 8
/** The header carrying the client IP the host worked out (Express, honouring TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-farm-client-ip'

/** First and last name from an OpenID profile; the customers row needs both. */
function namesFromProfile(profile: {
  given_name?: unknown
  family_name?: unknown
  name?: unknown
}) {
  const [first = '', ...rest] = typeof profile.name === 'string' ? profile.name.split(' ') : []
  return {
    firstName: typeof profile.given_name === 'string' ? profile.given_name : first,
    lastName: typeof profile.family_name === 'string' ? profile.family_name : rest.join(' '),
  }
}

export type SocialProviderInfo = { id: string; name: string }

/** The sign-in buttons to show: only providers whose keys are configured (D18). */
export function configuredSocialProviders(): SocialProviderInfo[] {
  const env = getEnv()
  const providers: SocialProviderInfo[] = []
  if (env.google) providers.push({ id: 'google', name: 'Google' })
  if (env.apple) providers.push({ id: 'apple', name: 'Apple' })
  if (env.oidc) providers.push({ id: 'oidc', name: env.oidc.name })
  return providers
}

function createAuth() {
  const env = getEnv()
  const db = getDb()
  return betterAuth({
    appName: 'Farm Shop',
    baseURL: env.baseUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    database: { db, type: env.database.kind === 'sqlite' ? 'sqlite' : 'postgres' },
    telemetry: { enabled: false },
    trustedOrigins: [env.baseUrl],
    user: {
      modelName: 'customers',
      fields: {
        emailVerified: 'email_verified',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      additionalFields: {
        firstName: { type: 'string', required: true, input: true, fieldName: 'first_name' },
        lastName: { type: 'string', required: true, input: true, fieldName: 'last_name' },
        phone: { type: 'string', required: false, input: false, fieldName: 'phone' },
        isAdmin: {
          type: 'boolean',
          required: false,
          input: false,
          defaultValue: false,
          fieldName: 'is_admin',
        },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: SESSION_REFRESH_SECONDS,
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    account: {
      modelName: 'accounts',
      // Google and Apple verify addresses, so their sign-in may join an existing account.
      accountLinking: { enabled: true, trustedProviders: ['google', 'apple'] },
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // The hook's user type is better-auth's base user; our extra fields are on the row.
        const firstName =
          'firstName' in user && typeof user.firstName === 'string' ? user.firstName : user.name
        await sendPasswordResetEmail(db, { email: user.email, firstName, token })
      },
    },
    socialProviders: {
      ...(env.google && {
        google: {
          clientId: env.google.clientId,
          clientSecret: env.google.clientSecret,
          mapProfileToUser: namesFromProfile,
        },
      }),
      ...(env.apple && {
        apple: {
          clientId: env.apple.clientId,
          clientSecret: env.apple.clientSecret,
          mapProfileToUser: namesFromProfile,
        },
      }),
    },
    plugins: env.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                name: env.oidc.name,
                clientId: env.oidc.clientId,
                clientSecret: env.oidc.clientSecret,
                discoveryUrl: `${env.oidc.issuer}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                mapProfileToUser: namesFromProfile,
              },
            ],
          }),
        ]
      : [],
    // Our own limiter counts failures per address and per IP in the database (rate-limit.server.ts);
    // the pages call better-auth on the server, never through its public endpoints.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'farm',
      useSecureCookies: env.baseUrl.startsWith('https:'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>

const AUTH_KEY = Symbol.for('farm-shop.auth')
type GlobalWithAuth = typeof globalThis & { [AUTH_KEY]?: Auth }

export function getAuth(): Auth {
  const store = globalThis as GlobalWithAuth
  store[AUTH_KEY] ??= createAuth()
  return store[AUTH_KEY]
}
