import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

/**
 * A local OpenID Connect provider standing in for Google (oauth2-mock-server): discovery, JWKS,
 * authorize, token and userinfo, on a loopback port. `identity` decides who signs in next.
 */
export async function startMockGoogle(clientId: string) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuerUrl = server.issuer.url ?? '';
  let identity: GoogleIdentity = {
    sub: 'google-sub-1',
    email: 'google.user@example.com',
    name: 'Google User',
  };
  let forgedNonce: string | undefined;
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, { aud: clientId, email_verified: true, ...identity });
    // Only the id_token carries the nonce the client sent with the authorization request.
    if (forgedNonce !== undefined && 'nonce' in token.payload) {
      token.payload.nonce = forgedNonce;
      forgedNonce = undefined;
    }
  });
  server.service.on('beforeUserinfo', (response: MutableResponse) => {
    response.body = { ...identity, email_verified: true };
  });
  return {
    server,
    discoveryUrl: `${issuerUrl}/.well-known/openid-configuration`,
    setIdentity(next: GoogleIdentity) {
      identity = next;
    },
    /** The next id_token carries this nonce instead of the one from the authorization request. */
    forgeNextNonce(nonce: string) {
      forgedNonce = nonce;
    },
    stop: () => server.stop(),
  };
}
