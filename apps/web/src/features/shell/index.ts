// The feature's public entry: other features and the app import only what is exported here.
export { AppLayout } from './components/app-layout';
export { NotFound } from './components/not-found';
export { RouteErrorBoundary } from './components/route-error-boundary';
export { toolIcons } from './lib/nav-items';
