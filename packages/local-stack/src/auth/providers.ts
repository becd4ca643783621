/** The OAuth providers supabase/auth knows. None is configured on the local stack. */
export const OAUTH_PROVIDERS: readonly string[] = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
];

/** The sign-in methods `/settings` reports besides email and the OAuth providers. */
export const OTHER_SIGN_IN_METHODS: readonly string[] = [
  'anonymous_users',
  'phone',
  'web3_ethereum',
  'web3_solana',
];
