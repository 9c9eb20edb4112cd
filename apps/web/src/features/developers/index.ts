// The feature's public entry: other features and the app import only what is exported here.
export { DevelopersPage } from './components/developers-page';
