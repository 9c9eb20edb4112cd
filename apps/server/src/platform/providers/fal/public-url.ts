import ipaddr from 'ipaddr.js';
import { addressProblem } from '../../net/url-guard';

/*
 * Whether fal can call us back at an origin (ADR 035): fal's servers must reach it from the
 * internet, and the result URLs it posts should not travel in the clear. So https, and a host that
 * is neither a loopback, private or otherwise special address, nor a name that only resolves
 * locally. A public-looking name that resolves privately is not caught here: the webhook is then
 * never delivered and polling finishes the job as before.
 */

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i;

export function isPublicOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
  if (ipaddr.isValid(host)) return addressProblem(host) === null;
  // A single label (`studio`) is an intranet name; public names have a dot.
  return host.includes('.') && !LOCAL_NAMES.test(host);
}
