// A local OpenID Connect provider standing in for Google during the browser journeys. Its authorize
// endpoint signs in the fixed identity below at once (no consent screen) and redirects back.
import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';

export const MOCK_IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 3219);
export const MOCK_GOOGLE_CLIENT_ID = 'e2e-google-client';
export const googleIdentity = {
  sub: 'e2e-google-1',
  email: 'gita.google@example.com',
  name: 'Gita Sharma',
};

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token: MutableToken) => {
  Object.assign(token.payload, {
    aud: MOCK_GOOGLE_CLIENT_ID,
    email_verified: true,
    ...googleIdentity,
  });
});
server.service.on('beforeUserinfo', (response: MutableResponse) => {
  response.body = { ...googleIdentity, email_verified: true };
});
await server.start(MOCK_IDP_PORT, '127.0.0.1');
process.stdout.write(`mock Google at ${server.issuer.url ?? ''}\n`);
const stop = () => {
  void server.stop().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
