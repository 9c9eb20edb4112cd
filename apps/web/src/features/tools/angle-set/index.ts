// The feature's public entry: other features and the app import only what is exported here.
export { AngleSetPage } from './components/angle-set-page';
