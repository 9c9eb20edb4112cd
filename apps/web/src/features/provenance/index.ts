// The feature's public entry: other features and the app import only what is exported here.
// Content credentials (issue 34): what a result's signed credentials say, shown beside it, and
// the public verifier page, whose C2PA reader loads in a worker on that page only.
export { CredentialsDisclosure } from './components/credentials-disclosure';
export { VerifyPage } from './components/verify-page';
