import { index, type RouteConfig, route } from '@react-router/dev/routes'

// Every URL in one explicit list.
export default [
  index('routes/shop/home.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
